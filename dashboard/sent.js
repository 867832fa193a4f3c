// The sent view: the callbacks and webhooks the mock sent (journal entries with a `callback` member), newest
// first, with how the consumer answered; polled while shown. Text from the server is only set as textContent.

(() => {
  const { $, el, api, pollingView } = window.mockDashboard;
  const LIMIT = 500;

  function row(entry) {
    const { kind, name, outcome, problems } = entry.callback;
    return el(
      'tr',
      { class: `delivery ${outcome}`, 'data-id': String(entry.id) },
      el('td', {}, new Date(entry.time).toLocaleTimeString()),
      el('td', {}, entry.spec ? `${kind} ${entry.spec}: ${name}` : `${kind} ${name}`),
      el('td', {}, `${entry.method} ${entry.path}`),
      el('td', {}, entry.response.status === 0 ? '-' : String(entry.response.status)),
      el('td', { class: 'outcome' }, outcome),
      el('td', {}, problems.join('; ')),
    );
  }

  function render(entries) {
    const sent = entries.filter((entry) => entry.callback).reverse();
    const off = sent.filter((entry) => entry.callback.outcome !== 'on-contract').length;
    $('sent-summary').textContent =
      sent.length === 0
        ? 'No callback or webhook sent yet.'
        : `${sent.length} callback(s) and webhook(s) sent, ${off} not answered on-contract`;
    const head = el('tr', {}, ...['time', 'what', 'sent to', 'status', 'outcome', 'problems'].map((t) => el('th', {}, t)));
    $('sent-deliveries').replaceChildren(el('thead', {}, head), el('tbody', {}, ...sent.map(row)));
  }

  async function refresh() {
    const response = await api(`/journal?limit=${LIMIT}`);
    if (response.ok) render((await response.json()).entries);
    else $('sent-summary').textContent = `Could not read the journal (${response.status})`;
  }

  pollingView('sent', refresh);
})();
