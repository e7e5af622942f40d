import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

// A real SMTP server for the tests (issue #33 "Mail"), from the smtp-server package: it
// speaks SMTP as any mail server does (EHLO, AUTH, MAIL FROM, RCPT TO, DATA), so the
// product's nodemailer transport is tested over the wire, not against our own contract.
// Each message received is parsed (mailparser) and kept. Refusals are SMTP replies as
// RFC 5321 §4.2 gives them: 4yz (try again later) or 5yz (never).

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface TestSmtp {
  /** smtp://user:password@127.0.0.1:{port}: what SMTP_URL would be. */
  url: string;
  user: string;
  password: string;
  received: ReceivedMail[];
  /** The next `times` messages are refused at DATA with `code` and `message`. */
  refuseNext(code: number, message: string, times?: number): void;
  /** Resolves once `count` messages have arrived in all. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const user = 'mailer';
  const password = 'smtp-test-password';
  const received: ReceivedMail[] = [];
  const refusals: { code: number; message: string }[] = [];
  const server = new SMTPServer({
    // Plain text on a local port: no STARTTLS offered, AUTH allowed without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) {
        callback(null, { user });
        return;
      }
      const error = Object.assign(new Error('Authentication credentials invalid'), {
        responseCode: 535,
      });
      callback(error);
    },
    onData(stream, session: SMTPServerSession, callback) {
      void (async () => {
        const parsed = await simpleParser(stream);
        const refusal = refusals.shift();
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          messageId: parsed.messageId ?? '',
        });
        callback();
      })().catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    user,
    password,
    received,
    refuseNext(code, message, times = 1) {
      for (let i = 0; i < times; i += 1) refusals.push({ code, message });
    },
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${received.length} of ${count} e-mails arrived in ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
