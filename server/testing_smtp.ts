// A real SMTP server in the test's process (smtp-server), whose received messages are parsed back with mailparser.
// Its answer to the next messages can be set: accept, a 4xx or a 5xx refusal, or hold (no answer until released).
// @ts-types="npm:@types/smtp-server@^3.5.13"
import { SMTPServer } from "smtp-server";
// @ts-types="npm:@types/mailparser@^3.9.0"
import { type ParsedMail, simpleParser } from "mailparser";

export type SmtpMode = "accept" | "4xx" | "5xx" | "hold";

export interface TestSmtp {
  port: number;
  /** The messages the server accepted (answered 250), in order. */
  received: ParsedMail[];
  /** How many messages reached DATA, accepted or not. */
  attempts: number;
  mode: SmtpMode;
  /** Holds every message after this many were accepted (null: never). */
  holdAfter: number | null;
  /** Resolves when `count` messages have been accepted. */
  waitForReceived(count: number): Promise<void>;
  /** Resolves when a message is being held (mode "hold"). */
  waitForHeld(): Promise<void>;
  /** Answers the held messages with a 4xx refusal (their client is gone). */
  releaseHeld(): void;
  close(): Promise<void>;
}

/**
 * Starts the server on a free loopback port; with `auth` it asks for that login and answers any other with
 * «535 5.7.8 Authentication credentials invalid», as a real provider does.
 */
export async function startTestSmtp(
  port = 0,
  o: { auth?: { user: string; pass: string } } = {},
): Promise<TestSmtp> {
  const waiters: Array<() => void> = [];
  const held: Array<(error?: Error | null) => void> = [];
  const state: TestSmtp = {
    port: 0,
    received: [],
    attempts: 0,
    mode: "accept",
    holdAfter: null,
    waitForReceived: (count) => until(() => state.received.length >= count),
    waitForHeld: () => until(() => held.length > 0),
    releaseHeld() {
      for (const answer of held.splice(0)) answer(refusal(451, "4.3.0 Released after the test"));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  /** Resolves when `done` holds, checked again after each message. */
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => done() ? resolve() : waiters.push(check);
      check();
    });
  const notify = () => {
    for (const w of waiters.splice(0)) w();
  };
  const server = new SMTPServer({
    authOptional: !o.auth,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      if (o.auth && auth.username === o.auth.user && auth.password === o.auth.pass) {
        return callback(null, { user: auth.username });
      }
      callback(refusal(535, "5.7.8 Authentication credentials invalid"));
    },
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      stream.on("end", async () => {
        state.attempts++;
        const mode = state.holdAfter !== null && state.received.length >= state.holdAfter
          ? "hold"
          : state.mode;
        if (mode === "4xx") return callback(refusal(451, "4.7.1 Greylisted, try again later"));
        if (mode === "5xx") return callback(refusal(550, "5.1.1 Mailbox does not exist"));
        if (mode === "hold") {
          held.push(callback);
          notify();
          return;
        }
        const total = chunks.reduce((n, c) => n + c.length, 0);
        const all = new Uint8Array(total);
        let at = 0;
        for (const c of chunks) {
          all.set(c, at);
          at += c.length;
        }
        state.received.push(await simpleParser(new TextDecoder().decode(all)));
        callback(null);
        notify();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  state.port = (server.server.address() as { port: number }).port;
  return state;
}

function refusal(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}
