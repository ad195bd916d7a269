// The page of `onecontact serve`: a URL parser that asks the local server
// (POST /api/parse, /api/clean, /api/rebuild, /api/inspect) and shows what it
// says. Plain JavaScript, no framework, no build step, nothing from outside.
'use strict';

(() => {
  /** Milliseconds of quiet typing before a request goes out. */
  const DEBOUNCE_MS = 150;
  /** How long a copy button says "Copied". */
  const COPIED_MS = 2000;
  /** Ports the URL Standard leaves out of the serialization. */
  const SEVERITY_LABEL = { danger: 'Danger', warning: 'Warning', info: 'Info' };
  const HOST_KIND_LABEL = {
    domain: 'domain name',
    ipv4: 'IPv4 address',
    ipv6: 'IPv6 address',
    opaque: 'opaque host (not a special scheme)',
    empty: 'empty host',
  };
  /** The Rebuild form's fields, in the order their edits are applied. */
  const REBUILD_FIELDS = [
    { id: 'rebuild-scheme', field: 'scheme', part: 'scheme' },
    { id: 'rebuild-username', field: 'username', part: 'username' },
    { id: 'rebuild-password', field: 'password', part: 'password' },
    { id: 'rebuild-host', field: 'host', part: 'host' },
    { id: 'rebuild-port', field: 'port', part: 'port' },
    { id: 'rebuild-path', field: 'pathname', part: 'path' },
    { id: 'rebuild-fragment', field: 'hash', part: 'fragment' },
  ];
  /** Field names in a refusal message (`the port value "x" was refused`) to the input they came from. */
  const REFUSED_FIELD_INPUT = {
    scheme: 'rebuild-scheme',
    username: 'rebuild-username',
    password: 'rebuild-password',
    host: 'rebuild-host',
    hostname: 'rebuild-host',
    port: 'rebuild-port',
    path: 'rebuild-path',
    fragment: 'rebuild-fragment',
  };

  const byId = (id) => document.getElementById(id);
  /** Shown where there is nothing yet (an em dash; the file stays ASCII). */
  const DASH = '\u2014';
  const REBUILD_HINT =
    'Edits apply from scheme to fragment, in the order of the form. A refused value is named here.';

  // ---------------------------------------------------------------- helpers

  /** A message as a sentence: capital first letter, final full stop. */
  function sentence(text) {
    const trimmed = String(text || '').trim();
    if (trimmed === '') return '';
    // Capitalize a plain first word only: a host or code (`www.example.com`, `utm_source`) stays as written.
    const word = trimmed.split(/\s/, 1)[0];
    const plain = /^[a-z]+[,:;]?$/.test(word);
    const first = plain ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : trimmed;
    return /[.!?]$/.test(first) ? first : `${first}.`;
  }

  /** Creates an element with a class and text. */
  function make(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  /** Replaces the children of `node`. */
  function fill(node, children) {
    node.replaceChildren(...children);
  }

  /** Shows `value` in `node`, or a muted placeholder when there is none. */
  function show(node, value, placeholder) {
    const present = value !== null && value !== undefined && value !== '';
    node.textContent = present ? String(value) : placeholder;
    node.classList.toggle('none', !present);
    const next = present ? String(value) : '';
    if (node.dataset.value !== next) resetCopyButton(node.id);
    node.dataset.value = next;
    // Nothing to copy, no Copy to press.
    const button = document.querySelector(`button.copy[data-copy="${node.id}"]`);
    if (button) button.disabled = !present;
  }

  /** A copy button whose text changed says "Copy" again. */
  function resetCopyButton(sourceId) {
    const button = document.querySelector(`button.copy[data-copy="${sourceId}"]`);
    if (!button || button.textContent === 'Copy') return;
    window.clearTimeout(Number(button.dataset.timer || 0));
    showCopy(button);
  }

  /** A copy button back to its resting text. */
  function showCopy(button) {
    button.textContent = 'Copy';
    button.classList.remove('copied');
  }

  /** An element whose text shows `backticked` words as code, as the server's messages write them. */
  function prose(tag, className, text) {
    const node = make(tag, className);
    String(text)
      .split('`')
      .forEach((piece, index) => {
        if (piece === '') return;
        node.append(index % 2 === 1 ? make('code', null, piece) : document.createTextNode(piece));
      });
    return node;
  }

  /** `n` and the noun, plural unless `n` is 1: `2 warnings`. */
  function counted(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
  }

  /** Sets the text of a message line and the state its style follows. */
  function setMessage(node, text, state) {
    node.textContent = text;
    node.dataset.state = state;
  }

  /** A query parameter as the URL wrote it. */
  function writtenAs(param) {
    return param.has_equals ? `${param.raw_name}=${param.raw_value}` : param.raw_name;
  }

  /** A list item saying there is nothing to list. */
  function noneItem(text) {
    return make('li', 'none', text);
  }

  /** Delays `fn` until calls stop for `ms` milliseconds. */
  function debounce(fn, ms) {
    let timer = 0;
    const wrapped = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(fn, ms);
    };
    wrapped.cancel = () => window.clearTimeout(timer);
    wrapped.now = () => {
      window.clearTimeout(timer);
      fn();
    };
    return wrapped;
  }

  /**
   * Keeps only the newest of a kind of request: starting one aborts the one
   * in flight, and a reply is used only if its ticket is still current.
   */
  function latestOnly() {
    let serial = 0;
    let controller = null;
    return {
      start() {
        serial += 1;
        if (controller) controller.abort();
        controller = new AbortController();
        return { serial, signal: controller.signal };
      },
      current(ticket) {
        return ticket.serial === serial;
      },
      cancel() {
        serial += 1;
        if (controller) controller.abort();
        controller = null;
      },
    };
  }

  /** POSTs JSON to the server; resolves to `{ status, data }`. */
  async function post(route, body, signal) {
    const response = await fetch(route, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
      cache: 'no-store',
    });
    let data = null;
    try {
      data = await response.json();
    } catch (_) {
      data = null;
    }
    return { status: response.status, data };
  }

  /** What went wrong with a reply that is not 200, in words. */
  function problem(reply) {
    const error = reply.data && reply.data.error;
    if (error && error.message) return sentence(error.message);
    return `The server answered with status ${reply.status} and no explanation.`;
  }

  const UNREACHABLE =
    'Could not reach the onecontact server. Is "onecontact serve" still running? Reload the page once it is.';

  function isAbort(error) {
    return error && error.name === 'AbortError';
  }

  // ---------------------------------------------------------------- state

  const el = {
    form: byId('url-form'),
    url: byId('url'),
    base: byId('base'),
    assume: byId('assume-https'),
    status: byId('status'),
    error: byId('error'),
    results: byId('results'),
    normalized: byId('normalized'),
    realHost: byId('real-host'),
    findings: byId('findings'),
    segments: byId('segments'),
    params: byId('params'),
    canonical: byId('canonical'),
    key: byId('key'),
    contactError: byId('contact-error'),
    social: byId('social'),
    cleanButton: byId('clean-button'),
    cleaned: byId('cleaned'),
    removed: byId('removed'),
    rebuildForm: byId('rebuild-form'),
    rebuildParams: byId('rebuild-params'),
    addParam: byId('add-param'),
    rebuildReset: byId('rebuild-reset'),
    rebuilt: byId('rebuilt'),
    rebuildError: byId('rebuild-error'),
  };

  const parseRequests = latestOnly();
  const cleanRequests = latestOnly();
  const rebuildRequests = latestOnly();

  /** The request body and reply of the last address that parsed. */
  let lastGood = null;
  /** What the Rebuild form started from: `{ body, href, values, rowCount }`. */
  let seed = null;
  /** The Rebuild form's parameter rows. */
  let rows = [];

  function setStatus(text) {
    el.status.textContent = text;
  }

  /** The body of a parse, clean or rebuild request for what is typed now. */
  function requestBody() {
    const body = { input: el.url.value, assume_https: el.assume.checked };
    const base = el.base.value.trim();
    if (base !== '') body.base = base;
    return body;
  }

  // ---------------------------------------------------------------- parse

  const scheduleParse = debounce(runParse, DEBOUNCE_MS);

  /** The request last sent to /api/parse, so the same text is not read twice (a blur fires `change`). */
  let parsedKey = null;

  /** Keeps the address bar in step with the form: `?url=…&base=…`, so a result can be shared. */
  function syncAddressBar(body) {
    const params = new URLSearchParams();
    if (body.input.trim() !== '') params.set('url', body.input);
    if (body.base) params.set('base', body.base);
    if (!body.assume_https) params.set('assume_https', 'false');
    const query = params.toString();
    const target = query === '' ? location.pathname : `${location.pathname}?${query}`;
    if (target !== `${location.pathname}${location.search}`) {
      history.replaceState(null, '', target);
    }
  }

  /**
   * The `url` value of a query written by hand: when it holds `://` as
   * written (not encoded), the address was pasted after `?url=` as it is, so
   * its own `&`, `+`, `%20` and fragment belong to it: the value runs to the
   * end of the query and takes the fragment along, without decoding.
   * `null` when the value is encoded (the page's own links) or absent.
   */
  function pastedUrl(search, hash) {
    const query = search.startsWith('?') ? search.slice(1) : search;
    const found = /(?:^|&)url=/.exec(query);
    if (found === null) return null;
    const value = query.slice(found.index + found[0].length);
    const first = value.split('&')[0];
    if (!first.includes('://')) return null;
    return value + hash;
  }

  /** Fills the form from `?url=…&base=…` (or the same after `#`). */
  function readAddressBar() {
    let params = new URLSearchParams(location.search);
    if (!params.has('url') && location.hash.length > 1) {
      params = new URLSearchParams(location.hash.slice(1));
    }
    const pasted = pastedUrl(location.search, location.hash);
    if (pasted !== null) {
      // `base` may only come before an address pasted this way.
      const before = location.search.slice(1, location.search.indexOf('url='));
      params = new URLSearchParams(before);
      el.url.value = pasted;
    } else if (params.has('url')) el.url.value = params.get('url');
    if (params.has('base')) el.base.value = params.get('base');
    if (params.get('assume_https') === 'false') el.assume.checked = false;
  }

  async function runParse() {
    const body = requestBody();
    const key = JSON.stringify(body);
    if (key === parsedKey) return;
    parsedKey = key;
    syncAddressBar(body);
    if (body.input.trim() === '') {
      parseRequests.cancel();
      cleanRequests.cancel();
      el.results.setAttribute('aria-busy', 'false');
      renderEmpty();
      setStatus('Paste a URL to begin.');
      return;
    }
    const ticket = parseRequests.start();
    el.results.setAttribute('aria-busy', 'true');
    try {
      const reply = await post('api/parse', body, ticket.signal);
      if (!parseRequests.current(ticket)) return;
      if (reply.status === 200 && reply.data && reply.data.report) {
        lastGood = { body, data: reply.data };
        renderParse(reply.data);
        seedRebuild(body, reply.data.report, false);
        setStatus(parseSummary(reply.data));
      } else {
        renderInvalid(problem(reply));
        setStatus(problem(reply));
        if (reply.status !== 422) return;
        // Warnings found in the text as typed still help when it does not parse.
        const inspected = await post('api/inspect', { input: body.input }, ticket.signal);
        if (!parseRequests.current(ticket)) return;
        if (inspected.status === 200 && inspected.data && inspected.data.report) {
          const items = findingItems(inspected.data.report.warnings.map(warningFinding));
          if (items.length > 0) fill(el.findings, items);
        }
      }
    } catch (error) {
      if (isAbort(error) || !parseRequests.current(ticket)) return;
      parsedKey = null;
      renderInvalid(UNREACHABLE);
      setStatus(UNREACHABLE);
    } finally {
      if (parseRequests.current(ticket)) el.results.setAttribute('aria-busy', 'false');
    }
  }

  function parseSummary(data) {
    const count = data.report.findings.filter((f) => f.kind === 'warning').length;
    return `Read the URL; ${count === 0 ? 'no warnings' : counted(count, 'warning')}.`;
  }

  function renderParse(data) {
    const report = data.report;
    showHelp();
    show(el.normalized, report.href, DASH);
    renderParts(report);
    renderFindings(report);
    renderSegments(report);
    renderParams(report.query_params);
    renderContact(report.contact, report.contact_error && report.contact_error.message);
    resetClean();
  }

  /** The line under the normalized URL: what normalizing does, or why there is no URL. */
  const NORMALIZE_HELP = el.error.textContent.replace(/\s+/g, ' ').trim();
  function showHelp() {
    setMessage(el.error, NORMALIZE_HELP, 'help');
  }

  /** Every result emptied, with the given placeholder sentences. */
  function renderNoUrl(texts) {
    lastGood = null;
    show(el.normalized, '', texts.normalized);
    renderParts(null);
    show(el.realHost, '', texts.realHost);
    fill(el.findings, [noneItem(texts.warnings)]);
    fill(el.segments, [noneItem(DASH)]);
    fill(el.params, [noneItem(DASH)]);
    renderContact(null, null);
    resetClean();
    clearRebuild(texts.rebuild);
  }

  function renderInvalid(message) {
    setMessage(el.error, message, 'error');
    renderNoUrl({
      normalized: 'No URL: the text is not valid (the reason is below).',
      realHost: 'This text does not go anywhere: it is not a URL.',
      warnings: 'No warnings: the text is not a URL.',
      rebuild: 'The URL above is not valid, so there is nothing to rebuild yet.',
    });
  }

  function renderEmpty() {
    showHelp();
    renderNoUrl({
      normalized: 'Paste a URL above.',
      realHost: 'Paste a link to see where it really goes.',
      warnings: 'Nothing to check yet.',
      rebuild: 'Paste a URL above; its parts appear in this form.',
    });
  }

  function renderParts(report) {
    const parts = report ? report.parts : null;
    const absent = parts ? '(none)' : DASH;
    show(byId('part-scheme'), parts && parts.scheme, absent);
    show(byId('part-username'), parts && parts.username, absent);
    show(byId('part-password'), parts && parts.password, absent);
    show(byId('part-host'), parts && parts.host, absent);
    let portAbsent = absent;
    if (parts && parts.default_port !== null && parts.default_port !== undefined) {
      portAbsent = `(default: ${parts.default_port})`;
    }
    show(byId('part-port'), parts && parts.port !== null ? String(parts.port) : '', portAbsent);
    show(byId('part-path'), parts && parts.path, parts ? '(empty)' : DASH);
    const emptyOr = (value) => (value === '' ? '(empty)' : value);
    show(byId('part-query'), parts && parts.query !== null ? emptyOr(parts.query) : '', absent);
    show(byId('part-fragment'), parts && parts.fragment !== null ? emptyOr(parts.fragment) : '', absent);

    const host = report ? report.host : null;
    show(byId('origin'), report && report.origin, DASH);
    let kind = host ? HOST_KIND_LABEL[host.kind] || host.kind : '';
    if (host && host.as_written) kind += ` (written as ${host.as_written})`;
    show(byId('host-kind'), kind, report ? '(no host)' : DASH);
    show(byId('registrable-domain'), host && host.registrable_domain, report ? '(none)' : DASH);
    show(byId('public-suffix'), host && host.public_suffix, report ? '(none)' : DASH);
  }

  /** An inspection warning (of `/api/inspect`) as a finding of `/api/parse`. */
  function warningFinding(w) {
    const places = w.position === null || w.position === undefined
      ? []
      : [{ offset: w.position, character: w.character }];
    return {
      code: w.code,
      kind: 'warning',
      severity: w.severity,
      message: w.message,
      character: places.length > 0 ? null : w.character,
      places,
      covers: [],
    };
  }

  /**
   * `"а" (U+0430)` for a character at fault: the character as it is
   * (`"\\"` would read as two backslashes), a control character escaped.
   */
  function characterText(c) {
    const code = c.codePointAt(0);
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    const shown = control ? JSON.stringify(c) : `"${c}"`;
    return `${shown} (U+${hex})`;
  }

  /**
   * The report's findings, each once, in the server's order: warnings (most
   * serious first), the URL Standard's validation errors, then what reading
   * assumed or changed.
   */
  function findingItems(findings) {
    return (findings || []).map((f) => {
      const warning = f.kind === 'warning';
      const item = make('li', warning ? `finding warning sev-${f.severity}` : `finding ${f.kind}`);
      item.dataset.code = f.code;
      item.dataset.kind = f.kind;
      if (warning) item.append(make('span', 'badge', SEVERITY_LABEL[f.severity] || f.severity));
      const at = [];
      if (f.character) at.push(`character ${characterText(f.character)}`);
      const places = f.places.map((p) => (p.character ? `byte ${p.offset} ${characterText(p.character)}` : `byte ${p.offset}`));
      if (places.length > 0) at.push(`at ${places.join(', ')}`);
      let text = f.message;
      if (f.kind === 'validation-error') {
        text = `${f.message} (the URL Standard's validation error ${f.code})`;
      }
      const message = sentence(text);
      if (at.length === 0) {
        item.append(prose('span', 'message', message));
        return item;
      }
      // One sentence: the places come before its full stop, inside the
      // message (a warning lays its badge and message out side by side).
      const body = prose('span', 'message', message.slice(0, -1));
      body.append(make('span', 'where', ` ${at.join(' ')}`), document.createTextNode(message.slice(-1)));
      item.append(body);
      return item;
    });
  }

  function renderFindings(report) {
    const items = findingItems(report && report.findings);
    if (!items.some((i) => i.dataset.kind === 'warning')) {
      items.unshift(noneItem('No warnings for this link. Still read the host above before you click.'));
    }
    fill(el.findings, items);

    const host = report ? report.host : null;
    if (host) {
      const name = report.parts.host;
      let text = `This link goes to ${name}`;
      if (host.registrable_domain && host.registrable_domain !== name) {
        text += `, a name under ${host.registrable_domain}`;
      }
      // Beside the host, the domain it imitates (the finding's evidence).
      const imitation = (report.findings || []).find(
        (f) => f.code === 'lookalike-of-popular-domain' && f.evidence,
      );
      if (imitation) {
        text += `. It imitates ${imitation.evidence}, which is another site`;
      }
      show(el.realHost, `${text}.`, '');
    } else if (report) {
      show(el.realHost, 'This link has no host: it does not go to a web server.', '');
    } else {
      show(el.realHost, '', 'This text does not go anywhere: it is not a URL.');
    }
  }

  function renderSegments(report) {
    const items = [];
    if (report.opaque_path) {
      items.push(noneItem('This URL has an opaque path (as mailto: and data: URLs have), so it is not split into segments.'));
    }
    report.path_segments.forEach((segment) => {
      const item = make('li', 'row');
      const body = make('div', 'row-body');
      item.append(body);
      const main = make('span', 'decoded mono', segment.decoded === '' ? '(empty)' : segment.decoded);
      if (segment.decoded === '') main.classList.add('none');
      body.append(main);
      if (segment.raw !== segment.decoded) body.append(make('span', 'raw mono', `written ${segment.raw}`));
      if (segment.contains_slash) {
        const flag = make('span', 'flag flag-warn', 'holds %2F: this slash is data, not a separator');
        flag.dataset.flag = 'slash';
        body.append(flag);
      }
      if (segment.invalid_utf8) body.append(make('span', 'flag flag-warn', 'not valid UTF-8'));
      items.push(item);
    });
    if (items.length === 0) items.push(noneItem('No path segments.'));
    fill(el.segments, items);
  }

  function renderParams(params) {
    const counts = new Map();
    for (const p of params) counts.set(p.name, (counts.get(p.name) || 0) + 1);
    const seen = new Map();
    const items = params.map((p) => {
      const item = make('li', 'row');
      const body = make('div', 'row-body');
      item.append(body);
      const pair = make('span', 'pair mono');
      pair.append(make('span', 'name', p.name === '' ? '(empty name)' : p.name));
      if (p.has_equals) {
        pair.append(make('span', 'eq', ' = '));
        pair.append(make('span', 'value', p.value === '' ? '(empty)' : p.value));
      }
      body.append(pair);
      const written = writtenAs(p);
      const shown = p.has_equals ? `${p.name}=${p.value}` : p.name;
      if (written !== shown) body.append(make('span', 'raw mono', `written ${written}`));
      if (p.tracking) body.append(make('span', 'flag flag-track', 'tracking'));
      if (!p.has_equals) body.append(make('span', 'flag', 'no = sign'));
      const total = counts.get(p.name);
      if (total > 1) {
        const index = (seen.get(p.name) || 0) + 1;
        seen.set(p.name, index);
        body.append(make('span', 'flag', `repeated: ${index} of ${total}`));
      }
      return item;
    });
    if (items.length === 0) items.push(noneItem('No query parameters.'));
    fill(el.params, items);
  }

  function renderContact(contact, contactError) {
    const missing = contactError ? '(none)' : DASH;
    show(el.canonical, contact && contact.canonical, missing);
    show(el.key, contact && contact.key_v1, missing);
    if (contactError) {
      setMessage(el.contactError, `Not kept as a website: ${sentence(contactError)}`, 'error');
    } else {
      setMessage(el.contactError, '', 'empty');
    }
    const profile = contact && contact.social_profile;
    show(
      el.social,
      profile ? `${profile.network}: ${profile.handle} (${profile.path})` : '',
      contact ? 'Not a social-network profile.' : DASH,
    );
  }

  // ---------------------------------------------------------------- clean

  function resetClean() {
    cleanRequests.cancel();
    show(el.cleaned, '', 'Press the button to see the link without tracking parameters.');
    fill(el.removed, [noneItem(DASH)]);
  }

  async function runClean() {
    const body = requestBody();
    if (body.input.trim() === '') {
      setStatus('Paste a URL first; there is nothing to clean yet.');
      el.url.focus();
      return;
    }
    const ticket = cleanRequests.start();
    try {
      const reply = await post('api/clean', body, ticket.signal);
      if (!cleanRequests.current(ticket)) return;
      if (reply.status === 200 && reply.data && reply.data.report) {
        const report = reply.data.report;
        show(el.cleaned, report.cleaned, DASH);
        const items = report.removed.map((r) => {
          const item = make('li', 'chip mono', r.name);
          item.title = r.raw;
          item.dataset.raw = r.raw;
          return item;
        });
        if (items.length === 0) items.push(noneItem('Nothing: the link has no tracking parameters.'));
        fill(el.removed, items);
        const n = report.removed.length;
        setStatus(
          n === 0
            ? 'No tracking parameters to remove; the link is unchanged.'
            : `Removed ${counted(n, 'tracking parameter')}: ${report.removed.map((r) => r.name).join(', ')}.`,
        );
      } else {
        show(el.cleaned, '', problem(reply));
        fill(el.removed, [noneItem(DASH)]);
        setStatus(problem(reply));
      }
    } catch (error) {
      if (isAbort(error) || !cleanRequests.current(ticket)) return;
      show(el.cleaned, '', UNREACHABLE);
      setStatus(UNREACHABLE);
    }
  }

  // ---------------------------------------------------------------- rebuild

  /** The value a Rebuild field starts with, from the parse report's parts. */
  function partValue(parts, part) {
    const value = parts[part];
    return value === null || value === undefined ? '' : String(value);
  }

  /**
   * Fills the Rebuild form from a parse report. Edits made so far are kept
   * when the address itself did not change (unless `force`).
   */
  function seedRebuild(body, report, force) {
    if (!force && seed && seed.href === report.href) {
      seed.body = body;
      return;
    }
    rebuildRequests.cancel();
    scheduleRebuild.cancel();
    const values = {};
    for (const f of REBUILD_FIELDS) {
      values[f.id] = partValue(report.parts, f.part);
      byId(f.id).value = values[f.id];
    }
    rows = report.query_params.map((p) => ({
      name: p.name,
      value: p.value,
      origName: p.name,
      origValue: p.value,
      raw: writtenAs(p),
    }));
    seed = { body, href: report.href, values, rowCount: rows.length };
    renderRows();
    clearInvalid();
    show(el.rebuilt, report.href, DASH);
    showRebuildHint();
  }

  function clearRebuild(why) {
    rebuildRequests.cancel();
    scheduleRebuild.cancel();
    seed = null;
    rows = [];
    for (const f of REBUILD_FIELDS) byId(f.id).value = '';
    renderRows();
    clearInvalid();
    show(el.rebuilt, '', why);
    showRebuildHint();
  }

  function showRebuildHint() {
    setMessage(el.rebuildError, REBUILD_HINT, 'hint');
  }

  function clearInvalid() {
    for (const f of REBUILD_FIELDS) byId(f.id).removeAttribute('aria-invalid');
  }

  function removeLabel(number, name) {
    return name ? `Remove parameter ${number} (${name})` : `Remove parameter ${number}`;
  }

  // One labelled text field of a parameter row (`part` is `name` or
  // `value`); `changed` gets the new text, then the URL is rebuilt.
  function paramField(part, index, labelText, initial, changed) {
    const field = make('div', 'field');
    const label = make('label', null, labelText);
    label.htmlFor = `rebuild-param-${part}-${index}`;
    const input = make('input', `param-${part}`);
    input.type = 'text';
    input.id = label.htmlFor;
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.setAttribute('autocapitalize', 'off');
    input.value = initial;
    input.addEventListener('input', () => {
      changed(input.value);
      scheduleRebuild();
    });
    field.append(label, input);
    return field;
  }

  function renderRows() {
    const items = rows.map((row, index) => {
      const item = make('li', 'param-row');
      const number = index + 1;

      const remove = make('button', 'remove-param', 'Remove');
      remove.type = 'button';
      remove.id = `rebuild-param-remove-${index}`;
      remove.setAttribute('aria-label', removeLabel(number, row.name));
      remove.addEventListener('click', () => removeRow(index));

      const nameField = paramField('name', index, `Name ${number}`, row.name, (text) => {
        row.name = text;
        remove.setAttribute('aria-label', removeLabel(number, row.name));
      });
      const valueField = paramField('value', index, `Value ${number}`, row.value, (text) => {
        row.value = text;
      });

      item.append(nameField, valueField, remove);
      return item;
    });
    if (items.length === 0) items.push(noneItem('No parameters. Add one below.'));
    fill(el.rebuildParams, items);
  }

  function removeRow(index) {
    const removed = rows[index];
    rows.splice(index, 1);
    renderRows();
    // Keep the keyboard where it was: the next row's Remove button, or Add.
    const next = byId(`rebuild-param-remove-${Math.min(index, rows.length - 1)}`);
    (next || el.addParam).focus();
    setStatus(`Removed parameter ${removed && removed.name ? removed.name : index + 1} from the Rebuild form.`);
    scheduleRebuild.now();
  }

  function addRow() {
    rows.push({ name: '', value: '', origName: null, origValue: null, raw: null });
    renderRows();
    byId(`rebuild-param-name-${rows.length - 1}`).focus();
  }

  /** Whether a row is a new one nothing has been typed into yet. */
  function blank(row) {
    return row.raw === null && row.name === '' && row.value === '';
  }

  /** Whether a row is as the URL had it. */
  function untouched(row) {
    return row.raw !== null && row.name === row.origName && row.value === row.origValue;
  }

  /** The query the rows give: untouched rows as written, the others form-encoded. */
  function rowsQuery() {
    const pieces = [];
    for (const row of rows) {
      if (untouched(row)) {
        pieces.push(row.raw);
      } else if (!blank(row)) {
        pieces.push(new URLSearchParams([[row.name, row.value]]).toString());
      }
    }
    return pieces.join('&');
  }

  function rowsChanged() {
    const kept = rows.filter((row) => !blank(row));
    return kept.length !== seed.rowCount || !kept.every(untouched);
  }

  /** The edits that turn the seeded URL into what the form says. */
  function rebuildEdits() {
    const edits = [];
    for (const f of REBUILD_FIELDS) {
      if (f.field === 'hash' && rowsChanged()) {
        const query = rowsQuery();
        edits.push({ kind: 'set', field: 'search', value: query === '' ? '' : `?${query}` });
      }
      const value = byId(f.id).value;
      if (value !== seed.values[f.id]) edits.push({ kind: 'set', field: f.field, value });
    }
    return edits;
  }

  const scheduleRebuild = debounce(runRebuild, DEBOUNCE_MS);

  async function runRebuild() {
    if (!seed) {
      show(el.rebuilt, '', 'Paste a URL above first; the form edits that URL.');
      return;
    }
    const edits = rebuildEdits();
    const ticket = rebuildRequests.start();
    try {
      const reply = await post('api/rebuild', { ...seed.body, edits }, ticket.signal);
      if (!rebuildRequests.current(ticket)) return;
      clearInvalid();
      if (reply.status === 200 && reply.data && reply.data.report) {
        const report = reply.data.report;
        show(el.rebuilt, report.url, DASH);
        const ignored = report.steps.filter((step) => !step.changed && step.field_value !== null);
        if (ignored.length > 0) {
          setMessage(
            el.rebuildError,
            `No change from ${ignored.map((s) => s.edit).join(', ')}: the URL already had that value, or the URL Standard's setter ignores it here.`,
            'note',
          );
        } else {
          showRebuildHint();
        }
      } else {
        const message = problem(reply);
        show(
          el.rebuilt,
          '',
          reply.status === 422 ? 'No URL: a value was refused (the reason is below).' : 'No URL (the reason is below).',
        );
        setMessage(el.rebuildError, message, 'error');
        const match = /^the ([a-z-]+) value/i.exec(message);
        const inputId = match ? REFUSED_FIELD_INPUT[match[1].toLowerCase()] : null;
        if (inputId) byId(inputId).setAttribute('aria-invalid', 'true');
      }
    } catch (error) {
      if (isAbort(error) || !rebuildRequests.current(ticket)) return;
      show(el.rebuilt, '', 'No URL.');
      setMessage(el.rebuildError, UNREACHABLE, 'error');
    }
  }

  // ---------------------------------------------------------------- copy

  async function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch (_) {
        // Fall back to the selection below.
      }
    }
    const active = document.activeElement;
    const buffer = document.createElement('textarea');
    buffer.value = text;
    buffer.setAttribute('readonly', '');
    buffer.setAttribute('aria-hidden', 'true');
    buffer.tabIndex = -1;
    buffer.className = 'copy-buffer';
    document.body.append(buffer);
    buffer.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch (_) {
      copied = false;
    }
    buffer.remove();
    if (active && typeof active.focus === 'function') active.focus();
    return copied;
  }

  async function onCopy(button) {
    const source = byId(button.dataset.copy);
    const text = source ? source.dataset.value || '' : '';
    const what = button.dataset.what || 'the text';
    if (text === '') {
      setStatus(`There is nothing to copy yet: ${what} is empty.`);
      return;
    }
    const copied = await copyText(text);
    window.clearTimeout(Number(button.dataset.timer || 0));
    if (copied) {
      button.textContent = 'Copied';
      button.classList.add('copied');
      setStatus(`Copied ${what}.`);
    } else {
      button.textContent = 'Not copied';
      setStatus(`Could not copy ${what}: select it and press Ctrl+C (\u2318C on a Mac).`);
    }
    const timer = window.setTimeout(() => showCopy(button), COPIED_MS);
    button.dataset.timer = String(timer);
  }

  // ---------------------------------------------------------------- wiring

  el.form.addEventListener('submit', (event) => {
    event.preventDefault();
    scheduleParse.now();
  });
  el.url.addEventListener('keydown', (event) => {
    // Enter reads the URL now instead of starting a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      scheduleParse.now();
    }
  });
  for (const input of [el.url, el.base]) {
    input.addEventListener('input', scheduleParse);
    input.addEventListener('change', scheduleParse);
  }
  el.assume.addEventListener('change', scheduleParse.now);

  el.cleanButton.addEventListener('click', runClean);

  el.rebuildForm.addEventListener('submit', (event) => {
    event.preventDefault();
    scheduleRebuild.now();
  });
  for (const f of REBUILD_FIELDS) {
    const input = byId(f.id);
    input.addEventListener('input', scheduleRebuild);
    input.addEventListener('change', scheduleRebuild);
  }
  el.addParam.addEventListener('click', addRow);
  el.rebuildReset.addEventListener('click', () => {
    if (lastGood) {
      seedRebuild(lastGood.body, lastGood.data.report, true);
      setStatus('The Rebuild form starts again from the URL above.');
    } else {
      clearRebuild('There is no URL to start from: paste one above.');
    }
  });

  for (const button of document.querySelectorAll('button.copy')) {
    button.addEventListener('click', () => onCopy(button));
    const source = byId(button.dataset.copy);
    button.disabled = !(source && source.dataset.value);
  }

  renderEmpty();
  // An address such as /?url=…&base=… opens on its result; a reload keeps
  // typed text in the fields: read it again.
  readAddressBar();
  if (el.url.value.trim() !== '') scheduleParse.now();
})();
