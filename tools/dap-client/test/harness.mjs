// The DebugClient suite's harness: starts `hetdwarf dap` under Microsoft's DebugClient
// (@vscode/debugadapter-testsupport), records every message in both directions and the
// adapter's raw standard output, and when the session ends checks them against the Debug
// Adapter Protocol's JSON schema (fetched by ../fetch-schema.sh), the `seq` order, the framing
// and a clean exit. Also: the corpus' states and their code objects, and the CLI as the oracle.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DebugClient } from '@vscode/debugadapter-testsupport';
import Ajv from 'ajv-draft-04';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const HETDWARF = process.env.HETDWARF ?? join(ROOT, 'target/release/hetdwarf');
const SCHEMA = join(ROOT, 'tools/dap-client/schema/debugProtocol.json');

/** The CLI's JSON answer to `args` (run from the repository root, as the adapter is). */
export function cli(args) {
  const out = spawnSync(HETDWARF, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (out.error) throw out.error;
  try {
    return JSON.parse(out.stdout);
  } catch {
    throw new Error(`hetdwarf ${args.join(' ')}: exit ${out.status}, no JSON: ${out.stderr}`);
  }
}

// Each top-level state of corpora/states and the object it was saved from (the tests that
// use it name the same pairs); e2e/ states name their object themselves.
const OBJECT_OF = {
  'clang22-ocl-gfx90a-O2.json': 'clang22/ocl-gfx90a-O2.hsaco',
  'demo-ocl-gfx90a-O0.json': 'rocm/ocl-gfx90a-O0.hsaco',
  'implicit-gfx90a.json': 'hand-implicit/implicit-v5-gfx90a.hsaco',
  'implicit-nocallsite-gfx90a.json': 'hand-implicit/implicit-v5-gfx90a.hsaco',
  'multi-place-gfx90a.json': 'hand-verify/loclist.o',
  'rocm-hip-gfx90a-O2-inlined.json': 'rocm/hip-gfx90a-O2.hsaco',
  'rocm-hip-gfx90a-O2.json': 'rocm/hip-gfx90a-O2.hsaco',
  'unwind-calls-gfx90a.json': 'hand-lanes/calls-gfx90a.hsaco',
  'unwind-hip-gfx90a-O0.json': 'rocm/hip-gfx90a-O0.hsaco',
  'unwind-lane-pc-gfx90a.json': 'hand-lanes/lane-pc-gfx90a-old.hsaco',
  'unwind-ocl-gfx1100-O0.json': 'rocm/ocl-gfx1100-O0.hsaco',
  'unwind-ocl-gfx90a-O0.json': 'rocm/ocl-gfx90a-O0.hsaco',
  'unwind-ocl-gfx90a-O2.json': 'rocm/ocl-gfx90a-O2.hsaco',
};
// The wave-state loader's own fixtures: registers and memory of no code object.
const NO_OBJECT = new Set(['gfx90a-wave64.json', 'gfx1100-wave32.json']);

/**
 * Every state of corpora/states with its code object: `{ name, program, state, json }`,
 * paths relative to the repository root. A state that is neither paired nor known to have
 * no object fails here, so a new state is never skipped silently.
 */
export function corpusStates() {
  const dir = join(ROOT, 'corpora/states');
  const out = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    if (NO_OBJECT.has(name)) continue;
    assert.ok(OBJECT_OF[name], `corpora/states/${name}: which object is it of? (harness.mjs)`);
    out.push({ name, program: `corpora/${OBJECT_OF[name]}`, state: `corpora/states/${name}` });
  }
  for (const name of readdirSync(join(dir, 'e2e')).filter((n) => n.endsWith('.json')).sort()) {
    // `clang19-ocl-gfx900-O0-stage`: corpora/clang19/ocl-gfx900-O0.hsaco, stopped in stage.
    const stem = name.slice(0, -'.json'.length);
    const at = stem.indexOf('-');
    const object = stem.slice(at + 1, stem.lastIndexOf('-'));
    out.push({
      name: `e2e/${name}`,
      program: `corpora/${stem.slice(0, at)}/${object}.hsaco`,
      state: `corpora/states/e2e/${name}`,
    });
  }
  for (const s of out) {
    assert.ok(existsSync(join(ROOT, s.program)), `${s.program} for ${s.name}`);
    s.json = JSON.parse(readFileSync(join(ROOT, s.state), 'utf8'));
  }
  return out;
}

/** The active lanes of a saved wave, from its EXEC mask. */
export function activeLanes(state) {
  const exec = BigInt(state.exec);
  const lanes = [];
  for (let l = 0; l < state.wave_size; l++) if ((exec >> BigInt(l)) & 1n) lanes.push(l);
  return lanes;
}

let schemaCache;
function schema() {
  if (!schemaCache) {
    assert.ok(existsSync(SCHEMA), `${SCHEMA} is missing: run tools/dap-client/fetch-schema.sh`);
    const doc = JSON.parse(readFileSync(SCHEMA, 'utf8'));
    // `strict: false`: the protocol's schema carries its own keywords (`_enum`,
    // `enumDescriptions`) beside draft-04's.
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema(doc, 'dap');
    schemaCache = { ajv, names: new Set(Object.keys(doc.definitions)), compiled: new Map() };
  }
  return schemaCache;
}

/** The definition of the protocol's schema a message must satisfy. */
function definitionOf(message) {
  const { names } = schema();
  const named = (n) => (names.has(n) ? n : null);
  const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);
  switch (message.type) {
    case 'request':
      return named(`${cap(message.command)}Request`) ?? 'Request';
    case 'response':
      // A failed request is answered by the protocol's ErrorResponse, whatever it was.
      if (message.success !== true) return 'ErrorResponse';
      return named(`${cap(message.command)}Response`) ?? 'Response';
    case 'event':
      return named(`${cap(message.event)}Event`) ?? 'Event';
    default:
      return 'ProtocolMessage';
  }
}

/** The schema errors of one message (empty when it is valid). */
export function schemaErrors(message) {
  const s = schema();
  const name = definitionOf(message);
  if (!s.compiled.has(name)) s.compiled.set(name, s.ajv.getSchema(`dap#/definitions/${name}`));
  const validate = s.compiled.get(name);
  assert.ok(validate, `no definition ${name} in the protocol's schema`);
  return validate(message) ? [] : validate.errors.map((e) => `${name}${e.instancePath} ${e.message}`);
}

/** Splits `Content-Length`-framed bytes into messages; throws on anything else. */
export function unframe(bytes) {
  const out = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', at);
    assert.ok(end >= 0, `bytes outside the protocol at ${at}: ${bytes.subarray(at, at + 80)}`);
    const header = bytes.subarray(at, end).toString('utf8');
    const m = /^Content-Length: (\d+)$/.exec(header);
    assert.ok(m, `not a header at ${at}: ${JSON.stringify(header.slice(0, 80))}`);
    const start = end + 4;
    const length = Number(m[1]);
    assert.ok(start + length <= bytes.length, `message at ${at} cut short`);
    out.push(JSON.parse(bytes.subarray(start, start + length).toString('utf8')));
    at = start + length;
  }
  return out;
}

/**
 * A DebugClient on a fresh `hetdwarf dap`, recording what goes each way.
 * `session.dc` is the client; `session.close()` ends it and checks everything.
 */
export async function open() {
  const dc = new DebugClient(HETDWARF, 'dap', 'hetdwarf', { cwd: ROOT });
  dc.defaultTimeout = 60_000;
  await dc.start();
  const sent = [];
  const received = [];
  const raw = [];
  const adapter = dc._adapterProcess;
  adapter.stdout.on('data', (d) => raw.push(d));
  const exited = new Promise((done) => adapter.on('exit', (code, signal) => done({ code, signal })));
  const write = dc.outputStream.write.bind(dc.outputStream);
  dc.outputStream.write = (data, ...rest) => {
    sent.push(...unframe(Buffer.from(data)));
    return write(data, ...rest);
  };
  const dispatch = dc.dispatch.bind(dc);
  dc.dispatch = (body) => {
    received.push(JSON.parse(body));
    dispatch(body);
  };
  return {
    dc,
    sent,
    received,
    /** Ends the adapter without a word (for a test that failed midway). */
    kill() {
      dc.stopAdapter();
    },
    /** Disconnects, waits for the adapter to exit, and checks the whole conversation. */
    async close(disconnect = {}) {
      const answer = await dc.disconnectRequest(disconnect);
      const { code, signal } = await exited;
      assert.equal(signal, null, 'the adapter was killed');
      assert.equal(code, 0, 'the adapter exits cleanly after disconnect');
      checkConversation(sent, received, Buffer.concat(raw));
      return answer;
    },
  };
}

/** Schema, `seq` order, request/response pairing and framing of one whole conversation. */
export function checkConversation(sent, received, stdout) {
  const framed = unframe(stdout);
  assert.deepEqual(framed, received, 'stdout holds exactly the messages the client got');
  const problems = [];
  for (const m of [...sent, ...received]) {
    for (const e of schemaErrors(m)) problems.push(`${e}: ${JSON.stringify(m).slice(0, 300)}`);
  }
  assert.deepEqual(problems, [], 'every message valid against the protocol schema');
  received.forEach((m, i) => assert.equal(m.seq, i + 1, 'the adapter numbers its messages 1, 2, ...'));
  const requests = new Map(sent.map((r) => [r.seq, r]));
  const answered = new Set();
  for (const r of received.filter((m) => m.type === 'response')) {
    const request = requests.get(r.request_seq);
    assert.ok(request, `response to seq ${r.request_seq}, which was never sent`);
    assert.equal(r.command, request.command, `response to seq ${r.request_seq}`);
    assert.ok(!answered.has(r.request_seq), `seq ${r.request_seq} answered twice`);
    answered.add(r.request_seq);
  }
  assert.equal(answered.size, sent.length, 'every request is answered');
}

/** initialize, launch, configurationDone; resolves to the `stopped` event. */
export async function launch(dc, args) {
  const stopped = dc.waitForEvent('stopped');
  await Promise.all([dc.configurationSequence(), dc.launch(args)]);
  return stopped;
}

/** The response of a request that must fail (DebugClient rejects them). */
export async function refused(promise) {
  try {
    const r = await promise;
    assert.fail(`succeeded: ${JSON.stringify(r).slice(0, 300)}`);
  } catch (e) {
    if (e instanceof assert.AssertionError) throw e;
    return e.message;
  }
}
