// The reference side of tests/reference_differential.rs: reads cases (one
// JSON object a line) on standard input, builds each pattern with the npm
// package urlpattern-polyfill and writes one JSON answer a line.
//
// A case: {"id": N, "pattern": STRING | INIT, "base": STRING?,
//          "ignoreCase": BOOL, "inputs": [[URL] | [URL, BASE] | [INIT]]}
// An answer: {"id": N, "error": STRING?, "patterns": {COMPONENT: STRING},
//             "hasRegExpGroups": BOOL,
//             "results": [{"throws": STRING} | {"test": BOOL,
//               "exec": null | {COMPONENT: {"input": STRING, "groups": {NAME: STRING | null}}},
//               "url": null | {COMPONENT: STRING}, "seen": null | {COMPONENT: STRING}}]}
// ("url": a URL string's components as Node's URL parser gives them;
// "seen": the component values the reference matches.)
import { createInterface } from "node:readline";

// urlpattern-polyfill compiles each component with the flags "u" / "ui";
// the Standard's "compile a component" says "v" / "vi". Its regular
// expressions are built with `new RegExp(source, flags)`, so the flags are
// corrected here, before the package is loaded (docs/urlpattern.md, the
// reference's bugs).
// Node 20's V8 matches nothing with `[^]` under "v" (the complement of the
// empty class, which holds every code point); the segment wildcard of a
// component without a delimiter is `[^]+?`, so `[^]` is written `[\s\S]`.
const NativeRegExp = globalThis.RegExp;
globalThis.RegExp = new Proxy(NativeRegExp, {
  construct(target, [source, flags]) {
    if (flags !== "u" && flags !== "ui") return new target(source, flags);
    const v = flags === "u" ? "v" : "vi";
    return new target(String(source).replace(/(?<!\\)\[\^\]/g, "[\\s\\S]"), v);
  },
});
const { URLPattern } = await import("urlpattern-polyfill/urlpattern");
// What the reference matches a URL string's components against: the input
// of each component of a match of the pattern that matches everything.
const everything = new URLPattern({});

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

function execResult(r) {
  if (r === null || r === undefined) return null;
  const out = {};
  for (const c of COMPONENTS) {
    const groups = {};
    for (const [k, v] of Object.entries(r[c].groups)) groups[k] = v === undefined ? null : v;
    out[c] = { input: r[c].input, groups };
  }
  return out;
}

function answer(c) {
  let p;
  try {
    const options = { ignoreCase: c.ignoreCase === true };
    p = c.base === undefined || c.base === null
      ? new URLPattern(c.pattern, options)
      : new URLPattern(c.pattern, c.base, options);
  } catch (e) {
    return { id: c.id, error: String(e && e.message ? e.message : e) };
  }
  const patterns = {};
  for (const k of COMPONENTS) patterns[k] = p[k];
  const results = [];
  for (const args of c.inputs) {
    try {
      const r = { test: p.test(...args), exec: execResult(p.exec(...args)) };
      const all = everything.exec(...args);
      r.seen = all ? Object.fromEntries(COMPONENTS.map((c) => [c, all[c].input])) : null;
      if (typeof args[0] === "string") {
        // The URL Standard's components of the input (Node's URL parser),
        // and the values the reference matches instead.
        let url = null;
        try {
          const u = args.length > 1 ? new URL(args[0], args[1]) : new URL(args[0]);
          url = {
            protocol: u.protocol.slice(0, -1), username: u.username, password: u.password,
            hostname: u.hostname, port: u.port, pathname: u.pathname,
            search: u.search.replace(/^\?/, ""), hash: u.hash.replace(/^#/, ""),
          };
        } catch {}
        r.url = url;
      }
      results.push(r);
    } catch (e) {
      results.push({ throws: String(e && e.message ? e.message : e) });
    }
  }
  return { id: c.id, patterns, hasRegExpGroups: p.hasRegExpGroups, results };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of lines) {
  if (line.trim() === "") continue;
  out.push(JSON.stringify(answer(JSON.parse(line))));
  if (out.length >= 1000) {
    process.stdout.write(out.join("\n") + "\n");
    out.length = 0;
  }
}
if (out.length > 0) process.stdout.write(out.join("\n") + "\n");
