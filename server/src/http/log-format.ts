/**
 * The readable log for a terminal (LOG_FORMAT=pretty, what npm start uses): one short line per event
 * with the time and level, the message and its fields, errors with their stack. Production keeps
 * pino's JSON lines (LOG_FORMAT=json, the default).
 */
import PinoPretty from 'pino-pretty';

export function prettyLogStream(): NodeJS.WritableStream {
  return PinoPretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
  });
}
