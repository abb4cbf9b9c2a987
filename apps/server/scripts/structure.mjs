#!/usr/bin/env node
// The server's structure as rooms.json declares it and as src/ is: every import an arrow between
// two rooms, each room on a floor. test/structure.test.ts holds src/ to the table; run alone,
// this prints the figures (`npm run structure -w @tawqi/server`): rooms, arrows, circles, the
// largest files and the longest functions.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
export const SOURCE = join(SERVER, 'src');

/** Every .ts file under `folder`, relative to it. */
export function sourceFiles(folder = SOURCE) {
  const found = [];
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) found.push(relative(folder, path));
    }
  };
  walk(folder);
  return found.sort();
}

/**
 * What a file imports of src/: static imports and re-exports (types too: a type is an arrow as
 * much as a value) and dynamic imports of a literal path, each as a file relative to src/. A
 * worker's or process's script named by `new URL('./x.js', import.meta.url)` is not an import:
 * it runs apart, and it imports what it shares with its starter.
 */
export function importsOf(file, text) {
  const specifiers = [
    ...text.matchAll(/\b(?:import|export)\s[^;]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]);
  return [
    ...new Set(
      specifiers
        .map((specifier) => relative(SOURCE, resolve(SOURCE, dirname(file), specifier)))
        .filter((target) => !target.startsWith('..'))
        .map((target) => target.replace(/\.js$/, '.ts')),
    ),
  ];
}

/** A file's room: a folder of modules/, or a file or folder of src/. */
export function roomOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : file;
  return parts[0];
}

/** The table: each room's floor (its index), and the rooms of its own floor it may import. */
export function readTable(path = join(SERVER, 'rooms.json')) {
  const table = JSON.parse(readFileSync(path, 'utf8'));
  const rooms = new Map();
  table.floors.forEach((floor, index) => {
    for (const [room, entry] of Object.entries(floor.rooms))
      rooms.set(room, { floor: index, floorName: floor.floor, ...entry });
  });
  return { ...table, rooms };
}

/** The strongly connected parts of more than one node (Tarjan): each a circle. */
export function circlesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const part = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1) circles.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** src/ read: each file's imports, the arrows between rooms (with the files behind each). */
export function readSource(folder = SOURCE) {
  const files = new Map();
  for (const file of sourceFiles(folder))
    files.set(file, importsOf(file, readFileSync(join(folder, file), 'utf8')));
  const arrows = new Map();
  for (const [file, imported] of files)
    for (const target of imported) {
      const [from, to] = [roomOf(file), roomOf(target)];
      if (from === to) continue;
      const key = `${from} → ${to}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${file} → ${target}`]);
    }
  return { files, arrows };
}

/** What the table does not allow in src/: rooms it lacks, arrows it forbids, circles. */
export function breaches(source, table) {
  const found = [];
  for (const file of source.files.keys())
    if (!table.rooms.has(roomOf(file)))
      found.push(`${file}: its room ${roomOf(file)} is not in rooms.json`);
  const present = new Set([...source.files.keys()].map(roomOf));
  for (const room of table.rooms.keys())
    if (!present.has(room)) found.push(`rooms.json names ${room}, which src/ does not have`);
  const upward = new Set(table.upward.map((exception) => `${exception.from} → ${exception.to}`));
  for (const [key, because] of source.arrows) {
    const [from, to] = key.split(' → ');
    const [a, b] = [table.rooms.get(from), table.rooms.get(to)];
    if (!a || !b) continue;
    const allowed =
      b.floor < a.floor ||
      (b.floor === a.floor && a.imports.includes(to)) ||
      (b.floor > a.floor && upward.has(key));
    if (!allowed)
      found.push(
        `${key} (${a.floorName} → ${b.floorName}${b.floor > a.floor ? ', upward' : ', not declared'}): ${because.join('; ')}`,
      );
  }
  const fileGraph = new Map([...source.files].map(([file, imported]) => [file, imported]));
  for (const circle of circlesOf(fileGraph)) found.push(`a circle of files: ${circle.join(', ')}`);
  const roomGraph = new Map();
  for (const key of source.arrows.keys()) {
    const [from, to] = key.split(' → ');
    roomGraph.set(from, [...(roomGraph.get(from) ?? []), to]);
  }
  for (const circle of circlesOf(roomGraph)) found.push(`a circle of rooms: ${circle.join(', ')}`);
  return found;
}

/** Each function's length in lines (declarations, methods, arrows and expressions), longest first. */
export function functionLengths(folder = SOURCE) {
  const lengths = [];
  for (const file of sourceFiles(folder)) {
    const text = readFileSync(join(folder, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const name =
          node.name?.getText(source) ??
          (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent)
            ? node.parent.name.getText(source)
            : '(anonymous)');
        lengths.push({ file, name, line: start + 1, lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return lengths.sort((a, b) => b.lines - a.lines);
}

function main() {
  const source = readSource();
  const table = readTable();
  const lines = sourceFiles().map((file) => ({
    file,
    lines: readFileSync(join(SOURCE, file), 'utf8').split('\n').length,
  }));
  const sorted = lines.map((entry) => entry.lines).sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
  const upward = [...source.arrows.keys()].filter((key) => {
    const [from, to] = key.split(' → ').map((room) => table.rooms.get(room));
    return from && to && to.floor > from.floor;
  });
  const functions = functionLengths();
  const found = breaches(source, table);
  console.log(`files ${String(lines.length)}, lines ${String(sorted.reduce((a, b) => a + b, 0))}`);
  console.log(`lines per file: median ${String(at(0.5))}, p90 ${String(at(0.9))}`);
  console.log(
    `rooms ${String(table.rooms.size)}, arrows between rooms ${String(source.arrows.size)}, upward ${String(upward.length)}`,
  );
  console.log(`breaches of rooms.json: ${String(found.length)}`);
  for (const breach of found) console.log(`  ${breach}`);
  console.log('files over 600 lines:');
  for (const entry of lines.filter((one) => one.lines > 600).sort((a, b) => b.lines - a.lines))
    console.log(`  ${entry.file} ${String(entry.lines)}`);
  console.log('functions over 120 lines:');
  for (const entry of functions.filter((one) => one.lines > 120))
    console.log(`  ${entry.file}:${String(entry.line)} ${entry.name} ${String(entry.lines)}`);
  console.log(
    `functions over 60 lines: ${String(functions.filter((one) => one.lines > 60).length)}`,
  );
  const naming = sourceFiles().filter((file) =>
    /\bissues? \d+/i.test(readFileSync(join(SOURCE, file), 'utf8')),
  );
  console.log(`files naming an issue number: ${String(naming.length)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
