import { isatty } from 'node:tty';
import type { LogStream } from '../option-kinds.js';
import type { ResolvedOptions } from '../options.js';
import { labelProvenance } from '../provenance.js';
import { type AnswerLog, type Logger, pathOf } from './request-logger.js';

/** Whether the log is for a person: `--log-format pretty`, or `auto` with standard output on a terminal. */
export function wantsPrettyLog(options: ResolvedOptions): boolean {
  if (options.logFormat === 'auto') return options.logStream === undefined && isatty(1);
  return options.logFormat === 'pretty';
}

type Log = Record<string, unknown>;
type Colour = (text: string) => string;

/**
 * A stream that turns pino's JSON lines into short ones through pino-pretty (loaded only for a pretty
 * log): `[12:00:01.234] INFO: POST /plants 200 1.2ms scenario=happy-path`, the status coloured by its
 * class when `colorize` (a terminal).
 */
export async function prettyStream(target: LogStream, colorize: boolean): Promise<LogStream> {
  const { prettyFactory } = await import('pino-pretty');
  const messageFormat = (log: Log, messageKey: string, _level: string, extras: { colors: Record<string, Colour> }) => {
    const status = log.status;
    if (typeof status !== 'number') return String(log[messageKey] ?? '');
    const { red, yellow, green, gray } = extras.colors;
    const paint = (status >= 500 || status === 0 ? red : status >= 400 ? yellow : green) ?? String;
    const source = log.source === '' ? '' : ` ${(gray ?? String)(String(log.source))}`;
    return `${log.method} ${log.path} ${paint(status === 0 ? 'no answer' : String(status))} ${log.ms}ms${source}`;
  };
  const format = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,method,path,status,ms,source',
    singleLine: true,
    messageFormat: messageFormat as never,
  });
  return { write: (line: string) => target.write(format(line)) };
}

/** The one line per answered request, as data for prettyStream (the JSON log keeps answerLog's cheaper line). */
export function prettyAnswerLog(logger: Logger, stream: LogStream): AnswerLog {
  if (!logger.isLevelEnabled('info')) return () => {};
  const level = logger.levels.values.info;
  return (request, status, elapsed) => {
    const exchange = request.exchange;
    const path = exchange?.path ?? pathOf(request.url);
    const fields = { level, time: Date.now(), reqId: request.id, method: request.method, path, status, ms: elapsed.toFixed(1) };
    stream.write(`${JSON.stringify({ ...fields, source: labelProvenance(exchange?.answer?.provenance), msg: '' })}\n`);
  };
}
