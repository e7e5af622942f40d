import nodemailer from 'nodemailer';

// How an e-mail leaves the server (issue #33 "Mail"): SMTP, through nodemailer
// (https://nodemailer.com/smtp/, https://nodemailer.com/message/). SMTP_URL is nodemailer's
// connection URL: smtp://user:pass@host:587 (STARTTLS when the server offers it) or
// smtps://user:pass@host:465 (TLS from the start); user and password URL-encoded.

/** One e-mail of the outbox, as it is sent. */
export interface OutgoingMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  /**
   * The same Message-ID on every attempt of one outbox row: a resend after a server was
   * killed between the SMTP server's "250 OK" and our record of it is the same message,
   * which receiving servers and mail clients may recognise as such.
   */
  messageId: string;
}

/**
 * An SMTP refusal or failure, sorted the way RFC 5321 §4.2.1 sorts replies: a 5yz reply
 * is permanent (the same message will be refused again: a bad recipient, a message too
 * large), anything else (4yz, no answer, a dropped connection, refused credentials the
 * operator can fix) is worth trying again later.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Connects and authenticates without sending (System > Microservices' check). */
  verify(): Promise<void>;
  close(): void;
  /** Where it sends, without the password (for health and logs). */
  describe(): string;
}

/** The SMTP URL without its password, e.g. smtp://mailer@smtp.example.com:587. */
export function redactSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'an SMTP URL that does not parse';
  }
}

/** nodemailer's error fields (https://nodemailer.com/errors/): code, responseCode, response. */
function sendErrorOf(error: unknown): MailSendError {
  const fields = (error ?? {}) as { responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof fields.responseCode === 'number' ? fields.responseCode : null;
  const words =
    typeof fields.response === 'string' && fields.response.trim() !== ''
      ? fields.response.trim()
      : typeof fields.message === 'string'
        ? fields.message
        : 'the SMTP server did not answer';
  // 535 (authentication refused) is a 5yz reply, but about our credentials, not the
  // message: fixed by the operator, the same e-mail goes through.
  const permanent = code !== null && code >= 500 && code < 600 && code !== 535 && code !== 530;
  return new MailSendError(words.slice(0, 500), permanent);
}

export function createSmtpTransport(
  url: string,
  options: { connectionTimeoutMs?: number } = {},
): MailTransport {
  const timeout = options.connectionTimeoutMs ?? 30_000;
  // Checked once here, so a malformed SMTP_URL stops the start with its name.
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got "${redactSmtpUrl(url)}"`);
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got "${redactSmtpUrl(url)}"`);
  }
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
        });
      } catch (error) {
        throw sendErrorOf(error);
      }
    },
    async verify() {
      try {
        await transporter.verify();
      } catch (error) {
        throw sendErrorOf(error);
      }
    },
    close: () => transporter.close(),
    describe: () => redactSmtpUrl(url),
  };
}
