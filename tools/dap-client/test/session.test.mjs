// The rest of a session through Microsoft's DebugClient: `setVariable` / `setExpression` and
// `disconnect` write the state `hetdwarf set` writes (every state of the corpus with a
// writable integer), what a replay cannot do is refused, one client is served on a port, and
// hostile clients get an error response or a clean close.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { DebugClient } from '@vscode/debugadapter-testsupport';

import { HETDWARF, ROOT, activeLanes, checkConversation, cli, corpusStates, launch, open, refused, unframe } from './harness.mjs';

const STATES = corpusStates();
const scratch = mkdtempSync(join(tmpdir(), 'hetdwarf-dap-client-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The first variable of frame 0 in `lane` that holds a plain integer in storage it can write. */
function writable(s, lane) {
  const locals = cli(['locals', s.program, '--state', s.state, '--lane', String(lane), '--format', 'json']);
  return (locals.variables ?? []).find((v) => {
    const l = v.lanes[0];
    return !v.shadowed && /^-?\d+$/.test(l.value ?? '') && /^(memory|register)/.test(l.location ?? '')
      && ['signed', 'unsigned'].includes(l.tree?.kind);
  });
}

test('setVariable and setExpression, then disconnect, write the state `hetdwarf set` writes', async (t) => {
  let written = 0;
  for (const s of STATES) {
    const lanes = activeLanes(s.json);
    const lane = lanes[lanes.length - 1];
    const v = writable(s, lane);
    if (!v) continue;
    const value = String(BigInt(v.lanes[0].value) + 1n);
    const output = join(scratch, `${written}-dap.json`);
    const session = await open();
    try {
      const { dc } = session;
      await launch(dc, { program: s.program, state: s.state, output });
      const trace = (await dc.stackTraceRequest({ threadId: lane + 1 })).body;
      const scopes = (await dc.scopesRequest({ frameId: trace.stackFrames[0].id })).body.scopes;
      const scope = scopes[v.kind === 'parameter' ? 1 : 0];
      const set = await dc.setVariableRequest({ variablesReference: scope.variablesReference, name: v.name, value });
      assert.equal(set.body.value, value, `${s.name}: ${v.name}`);
      // The same write again through setExpression changes nothing more.
      const again = await dc.customRequest('setExpression', { expression: v.name, value, frameId: trace.stackFrames[0].id });
      assert.equal(again.body.value, value);
      const shown = await dc.evaluateRequest({ expression: v.name, frameId: trace.stackFrames[0].id, context: 'repl' });
      assert.equal(shown.body.result, value);
      await session.close();
    } finally {
      session.kill();
    }
    const expected = join(scratch, `${written}-set.json`);
    cli(['set', s.program, '--state', s.state, '--lane', String(lane), v.name, value, '--output', expected, '--format', 'json']);
    assert.equal(readFileSync(output, 'utf8'), readFileSync(expected, 'utf8'), `${s.name}: ${v.name} = ${value}`);
    written += 1;
  }
  t.diagnostic(`${written} states written`);
  assert.ok(written >= 10, `only ${written} states had a writable integer`);
});

test('a member set through its parent is written where `set` writes it', async () => {
  const s = STATES.find((x) => x.name === 'e2e/rocm-ocl-gfx90a-O2-stage.json');
  const output = join(scratch, 'member-dap.json');
  const session = await open();
  try {
    const { dc } = session;
    await launch(dc, { program: s.program, state: s.state, output });
    const trace = (await dc.stackTraceRequest({ threadId: 1 })).body;
    const scopes = (await dc.scopesRequest({ frameId: trace.stackFrames[0].id })).body.scopes;
    const all = [
      ...(await dc.variablesRequest({ variablesReference: scopes[0].variablesReference })).body.variables,
      ...(await dc.variablesRequest({ variablesReference: scopes[1].variablesReference })).body.variables,
    ];
    const part = all.find((v) => v.name === 'part');
    const members = (await dc.variablesRequest({ variablesReference: part.variablesReference })).body.variables;
    const cookie = members.find((m) => m.name === 'cookie');
    const set = await dc.setVariableRequest({ variablesReference: part.variablesReference, name: 'cookie', value: '77' });
    assert.equal(set.body.value, '77');
    assert.notEqual(cookie.value, '77');
    await session.close();
  } finally {
    session.kill();
  }
  const expected = join(scratch, 'member-set.json');
  cli(['set', s.program, '--state', s.state, '--lane', '0', 'part.cookie', '77', '--output', expected, '--format', 'json']);
  assert.equal(readFileSync(output, 'utf8'), readFileSync(expected, 'utf8'));
});

test('a replay refuses to run and announces only what it supports', async () => {
  const s = STATES.find((x) => x.name === 'demo-ocl-gfx90a-O0.json');
  const session = await open();
  try {
    const { dc } = session;
    const initialized = dc.waitForEvent('initialized');
    const init = (await dc.initializeRequest({ adapterID: 'hetdwarf', linesStartAt1: true, columnsStartAt1: true })).body;
    assert.equal(init.supportsConfigurationDoneRequest, true);
    for (const unsupported of ['supportsStepBack', 'supportsRestartRequest', 'supportsGotoTargetsRequest']) {
      assert.ok(!init[unsupported], unsupported);
    }
    await dc.launchRequest({ program: s.program, state: s.state });
    await initialized;
    const stopped = dc.waitForEvent('stopped');
    await dc.configurationDoneRequest();
    assert.equal((await stopped).body.reason, 'entry');
    for (const run of [
      dc.continueRequest({ threadId: 1 }),
      dc.nextRequest({ threadId: 1 }),
      dc.stepInRequest({ threadId: 1 }),
      dc.stepOutRequest({ threadId: 1 }),
      dc.pauseRequest({ threadId: 1 }),
    ]) {
      assert.match(await refused(run), /saved wave does not run/);
    }
    const bps = (await dc.setBreakpointsRequest({ source: { path: 'kernels.cl' }, breakpoints: [{ line: 3 }] })).body;
    assert.equal(bps.breakpoints.length, 1);
    assert.equal(bps.breakpoints[0].verified, false);
    // Through DebugClient's own assertion: the stop is where backtrace says frame 0 is.
    const bt = cli(['backtrace', s.program, '--state', s.state, '--format', 'json']);
    const trace = (await dc.stackTraceRequest({ threadId: 1 })).body;
    assert.equal(BigInt(trace.stackFrames[0].instructionPointerReference), BigInt(bt.frames[0].pc));
    if (init.supportsDisassembleRequest) {
      const ipr = trace.stackFrames[0].instructionPointerReference;
      const d = (await dc.disassembleRequest({ memoryReference: ipr, instructionCount: 4 })).body;
      assert.equal(d.instructions.length, 4);
      assert.equal(BigInt(d.instructions[0].address), BigInt(ipr));
    }
    await session.close();
  } finally {
    session.kill();
  }
});

test('one client is served on a port', async () => {
  // Port 0: the adapter picks a free port and says which once it listens.
  const server = spawn(HETDWARF, ['dap', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((done) => server.on('exit', (code) => done(code)));
  try {
    const port = await new Promise((done, fail) => {
      let said = '';
      server.stderr.on('data', (d) => {
        said += d;
        const m = /^hetdwarf dap: listening on 127\.0\.0\.1:(\d+)$/m.exec(said);
        if (m) done(Number(m[1]));
      });
      server.on('exit', () => fail(new Error(`the adapter ended: ${said}`)));
    });
    const s = STATES.find((x) => x.name === 'implicit-gfx90a.json');
    const dc = new DebugClient(HETDWARF, 'dap', 'hetdwarf');
    await dc.start(port);
    await launch(dc, { program: s.program, state: s.state });
    const threads = (await dc.threadsRequest()).body.threads;
    assert.deepEqual(threads.map((x) => x.id), activeLanes(s.json).map((l) => l + 1));
    await dc.disconnectRequest({});
    dc.stopAdapter();
    assert.equal(await exited, 0);
  } finally {
    server.kill();
  }
});

/** Runs the adapter on raw bytes; resolves to its exit code, stdout and stderr. */
function raw(input, timeoutMs = 30_000) {
  return new Promise((done, fail) => {
    const child = spawn(HETDWARF, ['dap'], { cwd: ROOT });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the adapter hung on ${JSON.stringify(input.subarray(0, 60).toString())}`));
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString() });
    });
    child.stdin.on('error', () => {}); // the adapter may close first
    child.stdin.end(input);
  });
}

const framed = (messages) =>
  Buffer.concat(
    messages.map((m) => {
      const body = Buffer.from(JSON.stringify(m));
      return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
    }),
  );

test('broken framing ends the session with a message, never a panic or a hang', async () => {
  for (const [what, input] of [
    ['no header', '{"seq":1}\r\n\r\n'],
    ['a 100 MB Content-Length', 'Content-Length: 100000000\r\n\r\n{}'],
    ['not JSON', 'Content-Length: 3\r\n\r\n{{{'],
    ['cut short', 'Content-Length: 50\r\n\r\n{"seq":1}'],
    ['a header without end', `X-${'a'.repeat(1 << 20)}`],
  ]) {
    const r = await raw(Buffer.from(input));
    assert.equal(r.signal, null, what);
    assert.notEqual(r.code, 0, what);
    assert.match(r.stderr, /^hetdwarf: dap: /, what);
    assert.doesNotMatch(r.stderr, /panicked/, what);
    assert.deepEqual(unframe(r.stdout), [], `${what}: nothing on stdout`);
  }
});

test('hostile requests get error responses and the session goes on', async () => {
  const s = STATES.find((x) => x.name === 'implicit-gfx90a.json');
  const requests = [
    { seq: 1, type: 'request', command: 'threads' },
    { seq: 2, type: 'request', command: 'variables', arguments: { variablesReference: 1 } },
    { seq: 3, type: 'request', command: 'launch', arguments: { program: s.program, state: s.state } },
    { seq: 4, type: 'request', command: 'frobnicate' },
    { seq: 5, type: 'request', command: 'variables', arguments: { variablesReference: 999999 } },
    { seq: 6, type: 'request', command: 'readMemory', arguments: { memoryReference: 'global#0x0', count: 2 ** 64 } },
    { seq: 7, type: 'request', command: 'readMemory', arguments: { memoryReference: 'nowhere#0x0', count: 4 } },
    { seq: 8, type: 'request', command: 'stackTrace', arguments: { threadId: 100000 } },
    { seq: 9, type: 'request', command: 'scopes', arguments: { frameId: -5 } },
    { seq: 10, type: 'request', command: 'evaluate', arguments: { expression: '((((', context: 'repl' } },
    { seq: 11, type: 'request', command: 'disconnect' },
  ];
  const r = await raw(framed(requests));
  assert.equal(r.code, 0, r.stderr);
  const received = unframe(r.stdout);
  checkConversation(requests, received, r.stdout);
  const answers = received.filter((m) => m.type === 'response').map((m) => [m.request_seq, m.success]);
  assert.deepEqual(answers, [
    [1, false],
    [2, false],
    [3, true],
    [4, false],
    [5, false],
    [6, true],
    [7, false],
    [8, false],
    [9, false],
    [10, false],
    [11, true],
  ]);
  const big = received.find((m) => m.request_seq === 6);
  assert.ok(Buffer.from(big.body.data ?? '', 'base64').length <= 1 << 24, 'readMemory is bounded');
});
