/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, loaded with node --require */
// Modules that must never reach a browser bundle start with `import 'server-only'`: inside Next, a
// client component that reaches one of them fails the build. Outside Next (the command-line scripts,
// the server wrapper, the test runners) the marker means nothing, so it resolves to the package's
// empty module here, for require() and import alike. Children started with this process's
// NODE_OPTIONS inherit it.
const Module = require('node:module');
const path = require('node:path');

const empty = path.join(__dirname, '..', 'node_modules', 'server-only', 'empty.js');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'server-only' ? empty : resolve.call(this, request, ...rest);
};
if (typeof Module.register === 'function') {
  const hook = `export async function resolve(s, c, next) { return s === 'server-only' ? { url: ${JSON.stringify(require('node:url').pathToFileURL(empty).href)}, shortCircuit: true } : next(s, c); }`;
  Module.register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
const self = `--require ${JSON.stringify(__filename)}`;
if (!(process.env.NODE_OPTIONS ?? '').includes(__filename)) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${self}`.trim();
