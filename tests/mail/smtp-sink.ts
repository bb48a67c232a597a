import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for MAIL_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that accepts every message (no TLS, no auth) and hands the
 * raw message to `onMessage` before answering 250, so a sender that got its OK knows the
 * mail has been received.
 */
export async function startSmtpSink(onMessage: (raw: Buffer) => void | Promise<void>): Promise<SmtpSink> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        Promise.resolve(onMessage(Buffer.concat(chunks))).then(() => callback(), callback);
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
