import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

// A real IMAP server for the inbound mail suites: Debian's Dovecot (dovecot-imapd) started in the
// foreground on loopback with a config of its own in a temporary folder, one test user, Maildir
// storage, plain IMAP (loopback only). Never the system's instance: nothing under /etc is read.

const DOVECOT = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';

export interface StoredMessage {
  uid: number;
  flags: string[];
  messageId: string | null;
  subject: string | null;
}

export interface TestDovecot {
  port: number;
  user: string;
  password: string;
  /** IMAP_URL for the test user; `mailbox` defaults to INBOX. */
  url(mailbox?: string): string;
  /** Appends a raw MIME message (IMAP APPEND as the test user); answers its UID. */
  deliver(raw: string | Buffer, mailbox?: string): Promise<number>;
  /** The messages of a folder with their flags (empty when the folder does not exist). */
  messages(mailbox?: string): Promise<StoredMessage[]>;
  folders(): Promise<string[]>;
  /** Stops the server (the mail stays); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  running(): boolean;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once the server greets on the port. */
async function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(2000, () => done(false));
    s.once('error', () => done(false));
    s.once('data', (d) => done(d.toString().startsWith('* OK')));
  });
}

/** Root may not run mail processes as itself: Dovecot's own system users are used then. */
function accounts(): { login: string; internal: string; uid: number; gid: number } {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) {
    const name = os.userInfo().username;
    return { login: name, internal: name, uid, gid: process.getgid?.() ?? uid };
  }
  const passwd = fs.readFileSync('/etc/passwd', 'utf8');
  const entry = passwd.split('\n').find((l) => l.startsWith('dovecot:'));
  if (!entry) throw new Error('The dovecot system user is missing: reinstall dovecot-imapd (apt-get install -y dovecot-imapd).');
  const [, , u, g] = entry.split(':');
  return { login: 'dovenull', internal: 'dovecot', uid: Number(u), gid: Number(g) };
}

/** `idle: false` starts a server without IDLE, as some hosts are: the reader must poll. */
export async function startDovecot(opts: { idle?: boolean } = {}): Promise<TestDovecot> {
  if (!fs.existsSync(DOVECOT)) {
    throw new Error(`Dovecot is not installed (${DOVECOT} is missing): apt-get install -y dovecot-imapd (the tests start their own instance).`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-dovecot-'));
  // Dovecot's unprivileged processes walk into it.
  fs.chmodSync(dir, 0o755);
  const acc = accounts();
  const mailDir = path.join(dir, 'mail');
  fs.mkdirSync(mailDir);
  fs.chownSync(mailDir, acc.uid, acc.gid);
  const user = 'gym';
  const password = 'imap-test-password';
  fs.writeFileSync(path.join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  const port = await freePort();
  const conf = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(
    conf,
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/dovecot.log`,
      `info_log_path = ${dir}/dovecot.log`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      // No delay after a failed login (a test may try a wrong password).
      'auth_failure_delay = 0',
      `default_login_user = ${acc.login}`,
      `default_internal_user = ${acc.internal}`,
      'first_valid_uid = 1',
      `mail_uid = ${acc.uid}`,
      `mail_gid = ${acc.gid}`,
      `mail_location = maildir:${mailDir}/%u`,
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${dir}/users`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${acc.uid} gid=${acc.gid} home=${mailDir}/%u`,
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
      // No chroot: an unprivileged master could not make one.
      ...(opts.idle === false ? ['imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+ UIDPLUS MOVE'] : []),
      'service anvil {',
      '  chroot =',
      '}',
      'service stats {',
      '  chroot =',
      '}',
      '',
    ].join('\n'),
  );

  let child: ChildProcess | undefined;
  let exited: Promise<void> | undefined;

  async function start(): Promise<void> {
    if (child) return;
    const proc = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    child = proc;
    let gone = false;
    void exited.then(() => {
      gone = true;
      if (child === proc) child = undefined;
    });
    for (let i = 0; i < 100; i++) {
      if (gone) break;
      if (await greets(port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    const log = fs.existsSync(path.join(dir, 'dovecot.log')) ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8') : '';
    await stop();
    throw new Error(`Dovecot did not start on 127.0.0.1:${port}\n${stderr}\n${log.slice(-2000)}`);
  }

  async function stop(): Promise<void> {
    const proc = child;
    if (!proc) return;
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
    child = undefined;
  }

  async function withClient<T>(fn: (c: ImapFlow) => Promise<T>): Promise<T> {
    const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true });
    c.on('error', () => {});
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.logout().catch(() => c.close());
    }
  }

  await start();
  return {
    port,
    user,
    password,
    url: (mailbox = 'INBOX') => `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(mailbox)}`,
    deliver: (raw, mailbox = 'INBOX') =>
      withClient(async (c) => {
        const res = await c.append(mailbox, typeof raw === 'string' ? Buffer.from(raw) : raw);
        if (!res || !res.uid) throw new Error('APPEND gave no UID');
        return res.uid;
      }),
    messages: (mailbox = 'INBOX') =>
      withClient(async (c) => {
        const boxes = await c.list();
        if (!boxes.some((b) => b.path === mailbox)) return [];
        const lock = await c.getMailboxLock(mailbox, { readOnly: true });
        try {
          const out: StoredMessage[] = [];
          if (!c.mailbox || !c.mailbox.exists) return out;
          for await (const m of c.fetch('1:*', { uid: true, flags: true, envelope: true })) {
            out.push({ uid: m.uid, flags: [...(m.flags ?? [])].sort(), messageId: m.envelope?.messageId ?? null, subject: m.envelope?.subject ?? null });
          }
          return out.sort((a, b) => a.uid - b.uid);
        } finally {
          lock.release();
        }
      }),
    folders: () => withClient(async (c) => (await c.list()).map((b) => b.path).sort()),
    stop,
    start,
    running: () => !!child,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
