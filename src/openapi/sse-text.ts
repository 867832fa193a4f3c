/** One Server-Sent Event as the HTML standard frames it; a comment alone is a heartbeat. */
export interface SseEvent {
  readonly event?: string;
  readonly data?: string;
  readonly id?: string;
  readonly retry?: number;
  readonly comment?: string;
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * The events of a `text/event-stream` text, read as the HTML standard's event-stream interpretation
 * reads it: `field: value` lines (one leading space dropped), `data` lines joined by line feeds,
 * `retry` only when all digits, an `id` holding NULL ignored, `:` comments kept (as heartbeats), a
 * blank line ending each event. An example often omits the last blank line: its last event counts.
 */
export function parseSseText(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  let current: { event?: string; data?: string[]; id?: string; retry?: number; comment?: string } = {};
  let fields = 0;
  const dispatch = () => {
    if (fields > 0) {
      const { data, ...rest } = current;
      events.push(data === undefined ? rest : { ...rest, data: data.join('\n') });
    }
    current = {};
    fields = 0;
  };
  for (const line of text.split(LINE_BREAK)) {
    if (line === '') {
      dispatch();
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const raw = colon === -1 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (colon === 0) current.comment = current.comment === undefined ? value : `${current.comment}\n${value}`;
    else if (name === 'data') current.data = [...(current.data ?? []), value];
    else if (name === 'event') current.event = value;
    else if (name === 'id' && !value.includes('\0')) current.id = value;
    else if (name === 'retry' && /^\d+$/.test(value)) current.retry = Number(value);
    else continue;
    fields += 1;
  }
  dispatch();
  return events;
}

/**
 * The text of one event on the wire: comment lines, then `event`, `id`, `retry` and one `data` line per
 * line of data, then the blank line that dispatches it. Line breaks in a one-line field would start a
 * new field, so they are dropped there.
 */
export function frameSseEvent(event: SseEvent): string {
  let text = '';
  if (event.comment !== undefined) for (const line of event.comment.split(LINE_BREAK)) text += `: ${line}\n`;
  if (event.event !== undefined) text += `event: ${oneLine(event.event)}\n`;
  if (event.id !== undefined) text += `id: ${oneLine(event.id).replace(/\0/g, '')}\n`;
  if (event.retry !== undefined) text += `retry: ${Math.max(0, Math.floor(event.retry))}\n`;
  if (event.data !== undefined) for (const line of event.data.split(LINE_BREAK)) text += `data: ${line}\n`;
  return `${text}\n`;
}

function oneLine(value: string): string {
  return value.replace(/[\r\n]/g, '');
}
