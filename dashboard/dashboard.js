// The dashboard: lists the journal, follows it live over server-sent events, and drives scenarios.
// No framework and no network beyond this server. Text from requests is only ever set as textContent.

(() => {
  const MAX_ROWS = 500;
  const VIEW_POLL_MS = 1000;
  const base = location.pathname.replace(/\/(index\.html)?$/, '');
  const params = new URLSearchParams(location.search);
  if (params.get('token')) sessionStorage.setItem('plantstore-mock-admin-token', params.get('token'));
  const token = sessionStorage.getItem('plantstore-mock-admin-token');
  const $ = (id) => document.getElementById(id);
  const rows = $('entries');
  let entries = [];
  /** Who else reads the entries (the traffic chart): each new one, and the whole list when it is loaded again. */
  const entryListeners = [];
  const onEntries = (listener) => entryListeners.push(listener);

  function api(path, init = {}) {
    const headers = { ...(init.headers || {}) };
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(base + path, { ...init, headers });
  }

  function notice(text) {
    $('notice').textContent = text;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    for (const child of children) node.append(child);
    return node;
  }

  function pretty(value) {
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  }

  function visible(entry) {
    if ($('only-invalid').checked && !entry.invalid) return false;
    const text = $('filter').value.trim().toLowerCase();
    if (!text) return true;
    return [entry.method, entry.path, statusText(entry), entry.session || '', entry.spec || '', entry.source]
      .join(' ')
      .toLowerCase()
      .includes(text);
  }

  function row(entry, fresh) {
    // A callback or webhook the mock sent: marked outbound, and as a problem unless answered on-contract.
    const outbound = entry.callback ? ` outbound${entry.callback.outcome === 'on-contract' ? '' : ' off-contract'}` : '';
    const fault = entry.fault ? ' fault' : '';
    const tr = el('tr', {
      class: `entry${entry.invalid ? ' invalid' : ''}${fault}${outbound}${fresh ? ' new' : ''}`,
      'data-id': String(entry.id),
    });
    const cells = [
      new Date(entry.time).toLocaleTimeString(),
      entry.session || '',
      entry.method,
      entry.path + (Object.keys(entry.query || {}).length ? `?${new URLSearchParams(entry.query)}` : ''),
      statusText(entry),
      entry.durationMs.toFixed(1),
      // With several documents, which one answered.
      entry.spec ? `${entry.spec}: ${entry.source}` : entry.source,
    ];
    cells.forEach((text, i) => {
      tr.append(el('td', i === 4 ? { class: 'status' } : {}, text));
    });
    tr.addEventListener('click', () => toggle(tr, entry));
    return tr;
  }

  /** A fault reads as one (a reset is no status 0 in green); a malformed reply keeps the status it sent. */
  function statusText(entry) {
    if (!entry.fault) return String(entry.response.status);
    return entry.response.status === 0 ? entry.fault : `${entry.response.status} ${entry.fault}`;
  }

  function toggle(tr, entry) {
    const next = tr.nextElementSibling;
    if (next?.classList.contains('details')) return next.remove();
    const findings = el('ul', { class: 'findings' });
    for (const f of entry.findings) findings.append(el('li', {}, `${[f.location, ...f.path].join('.')}: ${f.message} (${f.code})`));
    const request = el(
      'div',
      {},
      el('h3', {}, `Request ${entry.method} ${entry.path}`),
      el('pre', { class: 'request-headers' }, pretty(entry.headers)),
      el(
        'h3',
        {},
        `Body (${entry.bodySize} bytes${entry.bodyTruncated ? ', truncated' : ''}${entry.bodyEncoding ? `, ${entry.bodyEncoding}` : ''})`,
      ),
      el('pre', { class: 'request-body' }, entry.body === null ? '(none)' : entry.body),
    );
    if (entry.findings.length) request.append(el('h3', {}, 'Validation findings'), findings);
    if (entry.callback?.problems.length) {
      const problems = el('ul', { class: 'findings' });
      for (const problem of entry.callback.problems) problems.append(el('li', {}, problem));
      request.append(el('h3', {}, `The ${entry.callback.kind} ${entry.callback.outcome}`), problems);
    }
    const response = el(
      'div',
      {},
      el('h3', {}, `Response ${statusText(entry)} (${entry.source || 'not seen by the pipeline'})`),
      el('pre', { class: 'response-headers' }, pretty(entry.response.headers)),
      el('h3', {}, 'Body'),
      el('pre', { class: 'response-body' }, entry.response.body === null ? '(none)' : pretty(entry.response.body)),
    );
    tr.after(el('tr', { class: 'details' }, el('td', { colspan: '7' }, el('div', { class: 'panes' }, request, response))));
  }

  function render() {
    rows.replaceChildren(...entries.filter(visible).map((e) => row(e, false)));
    $('empty').hidden = entries.length > 0;
    $('counts').textContent = `${entries.length} shown, ${entries.filter((e) => e.invalid).length} invalid`;
  }

  function add(entry) {
    if (entries.some((e) => e.id === entry.id)) return; // already listed by a load() that raced the event
    entries.unshift(entry);
    for (const listener of entryListeners) listener([entry], false);
    if (entries.length > MAX_ROWS) entries.length = MAX_ROWS;
    if (visible(entry)) rows.prepend(row(entry, true));
    while (rows.children.length > MAX_ROWS) rows.lastElementChild.remove();
    $('empty').hidden = true;
    $('counts').textContent = `${entries.length} shown, ${entries.filter((e) => e.invalid).length} invalid`;
  }

  async function load() {
    const response = await api(`/journal?limit=${MAX_ROWS}`);
    if (response.status === 401) return notice('The admin token is missing or wrong: open this page as /__mock/?token=YOUR_TOKEN');
    const list = await response.json();
    const listed = list.entries.reverse();
    const newest = listed.length ? listed[0].id : 0;
    // Entries that arrived as events after the list was taken stay on top.
    entries = [...entries.filter((e) => e.id > newest), ...listed];
    for (const listener of entryListeners) listener(entries, true);
    render();
  }

  function follow() {
    const source = new EventSource(`${base}/events${token ? `?token=${encodeURIComponent(token)}` : ''}`);
    source.addEventListener('open', () => {
      $('live').textContent = 'live';
      $('live').className = 'badge on';
      load();
    });
    source.addEventListener('error', () => {
      $('live').textContent = 'reconnecting';
      $('live').className = 'badge off';
    });
    source.addEventListener('entry', (event) => add(JSON.parse(event.data)));
    source.addEventListener('clear', () => {
      entries = [];
      load();
    });
    source.addEventListener('resync', load);
  }

  /** `path` with `?spec=` of the document picked (several documents only; else the path as it is). */
  function withSpec(path) {
    const spec = $('document-picker').hidden ? '' : $('document').value;
    if (!spec) return path;
    return `${path}${path.includes('?') ? '&' : '?'}spec=${encodeURIComponent(spec)}`;
  }

  // With several documents, the picker names the one the scenario select and the views act on.
  const documentListeners = [];
  let documents = [];
  /** The document picked, `{ name, base, ... }`; undefined with one document. */
  const pickedDocument = () => ($('document-picker').hidden ? undefined : documents.find((d) => d.name === $('document').value));
  async function loadDocuments() {
    const response = await api('/health');
    if (!response.ok) return;
    ({ documents = [] } = await response.json());
    if (documents.length < 2) return;
    $('document').replaceChildren(
      ...documents.map((d) => el('option', { value: d.name, title: `${d.title} ${d.version}` }, `${d.name} (${d.base})`)),
    );
    $('document-picker').hidden = false;
  }
  $('document').addEventListener('change', () => {
    loadScenarios();
    for (const listener of documentListeners) listener();
  });

  async function loadScenarios() {
    const response = await api(withSpec('/scenarios'));
    if (!response.ok) {
      $('scenario').title = 'scenarios are not available on this server';
      return;
    }
    const { scenarios, active } = await response.json();
    const select = $('scenario');
    select.replaceChildren(
      el('option', { value: '' }, '(none)'),
      ...scenarios.map((s) => el('option', { value: s.name, title: s.description || '' }, s.name)),
    );
    select.value = active || '';
    select.disabled = false;
    $('reset').disabled = false;
  }

  $('scenario').addEventListener('change', async (event) => {
    const scenario = event.target.value || null;
    const response = await api(withSpec('/scenario'), { method: 'PUT', body: JSON.stringify({ scenario }) });
    const answer = await response.json();
    notice(response.ok ? `Scenario switched to ${answer.scenario ?? '(none)'}` : `Could not switch: ${answer.message}`);
  });
  $('reset').addEventListener('click', async () => {
    const response = await api('/reset', { method: 'POST', body: '{}' });
    notice(response.ok ? 'State reset for every session' : `Could not reset (${response.status})`);
  });
  $('clear').addEventListener('click', async () => {
    await api('/journal', { method: 'DELETE' });
    notice('Journal cleared');
  });
  $('filter').addEventListener('input', render);
  $('only-invalid').addEventListener('change', render);

  /**
   * A view shown instead of the journal while body.NAME-mode is set (its button is #NAME-toggle), and
   * refreshed every second while shown, and at once when another document is picked. One view at a
   * time: showing one hides the others. Returns its show(on).
   */
  const views = [];
  function pollingView(name, refresh) {
    const toggle = $(`${name}-toggle`);
    let timer;
    const show = (on) => {
      if (on) for (const other of views) if (other !== show) other(false);
      document.body.classList.toggle(`${name}-mode`, on);
      toggle.setAttribute('aria-pressed', String(on));
      clearInterval(timer);
      if (!on) return;
      refresh();
      timer = setInterval(refresh, VIEW_POLL_MS);
    };
    toggle.addEventListener('click', () => show(!document.body.classList.contains(`${name}-mode`)));
    documentListeners.push(() => {
      if (document.body.classList.contains(`${name}-mode`)) refresh();
    });
    views.push(show);
    return show;
  }

  // What the coverage and state views (loaded after this script) share with it.
  window.mockDashboard = Object.freeze({ $, el, api, pollingView, withSpec, pickedDocument, onEntries });

  follow();
  loadDocuments()
    .catch(() => undefined)
    .then(loadScenarios);
})();
