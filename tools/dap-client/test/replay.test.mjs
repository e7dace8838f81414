// Every state of corpora/states replayed through Microsoft's DebugClient: threads are the
// active lanes, each lane's stack is `backtrace --lane N`'s, each frame's Locals and Arguments
// are `locals --lane N --frame K`'s (names, types, values), `evaluate` is `print`'s, members
// evaluate to what they show, "All lanes" is `locals --all-lanes`, Registers are the state's,
// memory references read the bytes `locals` decoded, and every message is valid DAP.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { ROOT, activeLanes, cli, corpusStates, launch, open, refused } from './harness.mjs';

const STATES = corpusStates();
const TOTAL = {};
after(() => console.log(`# checked over ${STATES.length} states: ${JSON.stringify(TOTAL)}`));

/** A lane's value text as `locals` gives it, or the adapter's text for an error. */
function shown(laneValue) {
  return laneValue.value ?? `<error: ${laneValue.error}>`;
}

async function variables(dc, reference) {
  return (await dc.variablesRequest({ variablesReference: reference })).body.variables;
}

const hex = (text) => BigInt(text);

for (const s of STATES) {
  test(`${s.name}: every lane, frame, scope and variable is what the CLI says`, async (t) => {
    const session = await open();
    try {
      const counts = await replay(session.dc, s);
      await session.close();
      assert.ok(counts.frames > 0, `${s.name}: no frame checked`);
      t.diagnostic(JSON.stringify(counts));
      for (const [k, v] of Object.entries(counts)) TOTAL[k] = (TOTAL[k] ?? 0) + v;
    } finally {
      session.kill();
    }
  });
}

async function replay(dc, s) {
  const { program, state } = s;
  const stopped = await launch(dc, { program, state });
  assert.equal(stopped.body.reason, 'entry');
  assert.equal(stopped.body.allThreadsStopped, true);

  const lanes = activeLanes(s.json);
  const threads = (await dc.threadsRequest()).body.threads;
  assert.deepEqual(
    threads.map((t) => t.id),
    lanes.map((l) => l + 1),
    'one thread per active lane, id = lane + 1',
  );
  threads.forEach((t, i) => assert.match(t.name, new RegExp(`^lane ${lanes[i]}\\b`)));

  // The stacks first: lanes whose frames are the same share the `print --all-lanes` oracle.
  const stacks = new Map();
  for (const lane of lanes) {
    const bt = cli(['backtrace', program, '--state', state, '--lane', String(lane), '--format', 'json']);
    const want = bt.frames.flatMap((f) =>
      (f.functions.length ? f.functions : [f.symbol]).map((name) => ({ name, k: f.index, pc: f.lane_pc ?? f.pc })),
    );
    const trace = (await dc.stackTraceRequest({ threadId: lane + 1 })).body;
    assert.equal(trace.totalFrames, trace.stackFrames.length);
    assert.deepEqual(
      trace.stackFrames.map((f) => [f.name, hex(f.instructionPointerReference)]),
      want.map((w) => [w.name, hex(w.pc)]),
      `${s.name} lane ${lane}: the frames backtrace unwinds`,
    );
    stacks.set(lane, { frames: trace.stackFrames, want });
  }
  const signature = (lane) => stacks.get(lane).want.map((w) => `${w.k}@${w.pc}`).join(',');
  const uniform = new Set(lanes.map(signature)).size === 1;

  // Sources: the text on disk, or a clear refusal.
  const paths = new Set();
  for (const { frames } of stacks.values()) for (const f of frames) if (f.source?.path) paths.add(f.source.path);
  for (const path of paths) {
    const file = path.startsWith('/') ? path : join(ROOT, path);
    if (existsSync(file)) {
      const body = (await dc.sourceRequest({ source: { path }, sourceReference: 0 })).body;
      assert.equal(body.content, readFileSync(file, 'utf8'), path);
    } else {
      const message = await refused(dc.sourceRequest({ source: { path }, sourceReference: 0 }));
      assert.match(message, /not available/, path);
    }
  }

  const printed = new Map();
  const print = (lane, k, name) => {
    const key = uniform ? `${k}/${name}` : `${lane}/${k}/${name}`;
    if (!printed.has(key)) {
      const which = uniform ? ['--all-lanes'] : ['--lane', String(lane)];
      printed.set(key, cli(['print', program, '--state', state, ...which, '--frame', String(k), name, '--format', 'json']));
    }
    const doc = printed.get(key);
    return (doc.lanes ?? []).find((l) => l.lane === lane) ?? null;
  };

  const counts = { lanes: lanes.length, frames: 0, values: 0, evaluated: 0, members: 0, memory: 0, allLanes: 0 };
  const allLanesSeen = new Set();
  for (const lane of lanes) {
    const { frames: dapFrames, want } = stacks.get(lane);
    const oracle = new Map();
    for (const [j, frame] of dapFrames.entries()) {
      const k = want[j].k;
      counts.frames += 1;
      const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
      assert.deepEqual(
        scopes.map((x) => x.name),
        ['Locals', 'Arguments', 'Registers', 'All lanes'],
      );
      if (!oracle.has(k)) {
        oracle.set(k, cli(['locals', program, '--state', state, '--lane', String(lane), '--frame', String(k), '--format', 'json']));
      }
      const locals = oracle.get(k);
      const where = `${s.name} lane ${lane} frame ${k} (${frame.name})`;
      await checkRegisters(dc, scopes[2].variablesReference, s.json, lane, j === 0 ? frame : null, where);
      if (locals.error) {
        // No variables here (no debug information covers the frame): the CLI's message.
        for (const scope of [scopes[0], scopes[1], scopes[3]]) {
          const m = await refused(dc.variablesRequest({ variablesReference: scope.variablesReference }));
          assert.ok(locals.error.message.endsWith(m), `${where}: ${m} is not ${locals.error.message}`);
        }
        continue;
      }
      const cliVars = locals.variables;

      const dapLocals = await variables(dc, scopes[0].variablesReference);
      const dapArgs = await variables(dc, scopes[1].variablesReference);
      const expect = (vars) =>
        vars.map((v) => ({ name: v.name, type: v.type, value: shown(v.lanes[0]), evaluateName: v.name }));
      const strip = (vars) => vars.map((v) => ({ name: v.name, type: v.type, value: v.value, evaluateName: v.evaluateName }));
      assert.deepEqual(strip(dapLocals), expect(cliVars.filter((v) => v.kind !== 'parameter')), `${where}: Locals`);
      assert.deepEqual(strip(dapArgs), expect(cliVars.filter((v) => v.kind === 'parameter')), `${where}: Arguments`);

      for (const v of [...dapLocals, ...dapArgs]) {
        const c = cliVars.find((x) => x.name === v.name && x.type === v.type);
        counts.values += 1;
        counts.memory += await checkMemory(dc, v, c.lanes[0], where);
        counts.members += await checkChildren(dc, v, frame.id, where);
        if (c.shadowed) continue;
        counts.evaluated += 1;
        const p = print(lane, k, v.name);
        const evaluated = dc.evaluateRequest({ expression: v.name, frameId: frame.id, context: 'watch' });
        if (p?.value != null) {
          assert.equal((await evaluated).body.result, p.value, `${where}: evaluate ${v.name} = print`);
        } else {
          await refused(evaluated);
        }
      }

      // "All lanes" once per frame of the wave (it does not depend on the thread).
      const allKey = uniform ? `${k}` : `${signature(lane)}/${k}`;
      if (!allLanesSeen.has(allKey) && want.findIndex((w) => w.k === k) === j) {
        allLanesSeen.add(allKey);
        counts.allLanes += await checkAllLanes(dc, scopes[3].variablesReference, s, k, lanes, where);
      }
    }
  }
  return counts;
}

/** A value in memory: `readMemory` at its reference gives the bytes `locals` decoded. */
async function checkMemory(dc, v, laneValue, where) {
  const bytes = laneValue.tree?.bytes;
  if (!v.memoryReference || !bytes || laneValue.error) return 0;
  const count = bytes.length / 2;
  const r = (await dc.customRequest('readMemory', { memoryReference: v.memoryReference, count })).body;
  assert.equal(Buffer.from(r.data ?? '', 'base64').toString('hex'), bytes, `${where}: readMemory ${v.name}`);
  assert.ok(!r.unreadableBytes, `${where}: ${v.name} unreadable`);
  return 1;
}

/** Members and elements (one level): each evaluates, by its evaluateName, to what it shows. */
async function checkChildren(dc, v, frameId, where) {
  if (!v.variablesReference) return 0;
  const children = await variables(dc, v.variablesReference);
  assert.ok(children.length > 0, `${where}: ${v.name} has children`);
  let checked = 0;
  for (const child of children.slice(0, 8)) {
    if (!child.evaluateName) continue; // a base class or an anonymous member: no path names it
    assert.ok(child.evaluateName.startsWith(v.evaluateName), `${where}: ${child.evaluateName}`);
    const r = await dc.evaluateRequest({ expression: child.evaluateName, frameId, context: 'hover' });
    assert.equal(r.body.result, child.value, `${where}: evaluate ${child.evaluateName}`);
    checked += 1;
  }
  return checked;
}

/** Registers: PC (the frame's), EXEC and, in frame 0, every register the state holds. */
async function checkRegisters(dc, reference, state, lane, innermost, where) {
  const regs = await variables(dc, reference);
  const value = (name) => regs.find((r) => r.name === name)?.value;
  assert.equal(regs[0].name, 'pc', `${where}: registers start with pc`);
  assert.equal(regs[1].name, 'exec');
  if (!innermost) return;
  assert.equal(hex(value('pc')), hex(innermost.instructionPointerReference), `${where}: pc`);
  assert.equal(hex(value('exec')), hex(state.exec), `${where}: exec`);
  for (const [name, saved] of Object.entries(state.registers)) {
    const shownValue = value(name);
    if (shownValue === undefined) continue; // named by DWARF number or an alias in the state
    const want = Array.isArray(saved) ? saved[lane] : saved;
    if (want == null) {
      assert.equal(shownValue, '<unavailable>', `${where}: ${name}`);
    } else {
      const bits = Array.isArray(saved) ? 32n : BigInt(shownValue.length - 2) * 4n;
      assert.equal(hex(shownValue), hex(want) & ((1n << bits) - 1n), `${where}: ${name}`);
    }
  }
}

/** "All lanes": each variable of the frame, expanding into its value in every active lane. */
async function checkAllLanes(dc, reference, s, k, lanes, where) {
  const all = cli(['locals', s.program, '--state', s.state, '--all-lanes', '--frame', String(k), '--format', 'json']);
  const vars = await variables(dc, reference);
  const cliVars = all.variables ?? [];
  assert.deepEqual(
    vars.map((v) => [v.name, v.value]),
    cliVars.map((v) => [v.name, `${lanes.length} lanes`]),
    `${where}: All lanes`,
  );
  for (const [i, v] of vars.entries()) {
    const perLane = await variables(dc, v.variablesReference);
    const want = cliVars[i].lanes.filter((l) => l.active);
    assert.deepEqual(
      perLane.map((x) => [x.name, x.value]),
      want.map((l) => [`lane ${l.lane}`, shown(l)]),
      `${where}: All lanes of ${v.name}`,
    );
  }
  return vars.length;
}
