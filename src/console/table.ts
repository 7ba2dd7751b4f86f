// The offline table: the same commands as Discord, typed in a terminal or
// read from a script. Replies are printed with their audience; images are
// written to a folder and their paths printed.
import fs from 'node:fs';
import path from 'node:path';
import type { Services } from '../app/services.ts';
import { createRouter } from '../../commands/router.ts';
import type { Caller, Router } from '../../commands/types.ts';
import type { Button, Outcome, Post, SelectMenu } from '../messages/types.ts';
import { parseLine, ParseError, splitExpectation } from './parse.ts';
import { imageName, pruneImages } from './images.ts';
import { nameForImage } from '../messages/image-names.ts';
import { cardText } from '../../commands/card.ts';

export interface TableOptions {
  outDir: string;
  print: (line: string) => void;
  /** Starting user and channel. */
  user?: string;
  /** Print each command before its output (scripts, demo). */
  echo?: boolean;
  channel?: string;
  /** Snapshot files kept per game (default: the config's MUSTER_KEEP_IMAGES). */
  keepImages?: number;
}

export class Table {
  readonly router: Router;
  user: string;
  channel: string;
  /** What `/press N` presses: the last buttons shown, then the choices of the last dropdowns. */
  private lastButtons: Pick<Button, 'customId' | 'label'>[] = [];
  private threads = 0;
  /** The last card text printed per game. */
  private readonly cards = new Map<number, string>();
  /** The last hub text printed per tournament. */
  private readonly hubs = new Map<number, string>();
  private files = 0;
  /** Whether the last line run was refused (a ❌ answer): scripts count these. */
  refused = false;

  constructor(
    private readonly svc: Services,
    private readonly opts: TableOptions,
  ) {
    this.router = createRouter(svc);
    this.user = opts.user ?? 'alice';
    this.channel = opts.channel ?? 'table';
    fs.mkdirSync(opts.outDir, { recursive: true });
  }

  private caller(name: string): Caller {
    return { id: name, name, isModerator: this.svc.config.consoleModerators.includes(name) };
  }

  /** Run one line. Returns false for an internal error (the caller decides whether to stop). */
  async run(input: string): Promise<boolean> {
    const p = this.opts.print;
    const line = splitExpectation(input).line;
    this.refused = false;
    // `/goto #channel` (table only): move to another channel, e.g. a tournament match's `t1-r1-m2`.
    // Like every line, it may start with a name: `bob: /goto #table`.
    const go = /^\s*(?:([A-Za-z0-9_.-]+)\s*:\s*)?\/goto\s+#?([\w/.-]+)\s*$/.exec(line);
    if (go) {
      if (go[1]) this.user = go[1].toLowerCase();
      this.channel = go[2];
      if (this.opts.echo !== false) p(`${this.user}> /goto #${this.channel}`);
      return true;
    }
    let parsed;
    try {
      const defs = this.router.definitions({ includeConsoleOnly: true });
      parsed = parseLine(line, (command, word) => defs.some((d) => d.name === command && d.subcommands.some((s) => s.group === word)));
    } catch (e) {
      if (e instanceof ParseError) {
        // Echo the line and answer whoever typed it (the prefix, if it parses that far).
        const who = /^\s*([A-Za-z0-9_.-]+)\s*:\s*\//.exec(line)?.[1].toLowerCase() ?? this.user;
        if (this.opts.echo !== false) p(`${who}> ${line.replace(/^\s*[A-Za-z0-9_.-]+\s*:\s*(?=\/)/, '').trim()}`);
        p(`  [private to ${who}] ❌ ${e.message}`);
        this.refused = true;
        return true;
      }
      throw e;
    }
    if (!parsed) return true;
    if (parsed.user) this.user = parsed.user;
    const caller = this.caller(this.user);
    // A table thread is `parent/thread-N` (a tournament match's `parent/t1-r1-m1`): like Discord, it knows its parent.
    const where = {
      guildId: null,
      channelId: this.channel,
      parentId: this.channel.includes('/') ? this.channel.slice(0, this.channel.lastIndexOf('/')) : null,
    };
    const route = [parsed.group, parsed.sub].filter(Boolean).join(' ');
    if (this.opts.echo !== false)
      p(
        `${this.user}> /${parsed.command}${route ? ` ${route}` : ''}${Object.entries(parsed.options)
          .map(([k, v]) => ` ${k}:${/\s/.test(v) ? `"${v}"` : v}`)
          .join('')}`,
      );
    try {
      for (const o of (await this.router.tick?.()) ?? []) this.show(o);
      if (parsed.command === 'press') {
        const n = Number(parsed.sub || parsed.options.n);
        const b = this.lastButtons[n - 1];
        if (!b) {
          p(
            `  [private to ${this.user}] ❌ There is no button ${parsed.sub}. Buttons shown ` +
              `last: ${this.lastButtons.map((x, i) => `[${i + 1}] ${x.label}`).join(' ') || 'none'}.`,
          );
          this.refused = true;
          return true;
        }
        this.show(await this.router.button({ customId: b.customId, caller, where }));
        return true;
      }
      const focused = Object.entries(parsed.options).find(([, v]) => v.endsWith('?'));
      if (focused) {
        const options = { ...parsed.options, [focused[0]]: '' };
        // Options with fixed choices are a dropdown in Discord: list those; the rest autocomplete.
        const def = this.router
          .definitions({ includeConsoleOnly: true })
          .find((d) => d.name === parsed.command)
          ?.subcommands.find((s) => s.name === parsed.sub)
          ?.options.find((o) => o.name === focused[0]);
        const choices =
          def?.choices ??
          (await this.router.autocomplete({
            command: parsed.command,
            group: parsed.group,
            sub: parsed.sub,
            focused: focused[0],
            partial: focused[1].slice(0, -1),
            options,
            caller,
            where,
          }));
        p(
          `  [autocomplete ${focused[0]}] ` +
            `${choices.map((c) => (c.name === c.value ? c.value : `${c.name} = ${c.value}`)).join(' | ') || '(no choices)'}`,
        );
        return true;
      }
      const out = await this.router.dispatch(
        {
          command: parsed.command,
          ...(parsed.group ? { group: parsed.group } : {}),
          sub: parsed.sub,
          options: parsed.options,
          caller,
          where,
        },
        (l) => p(`  … ${l}`),
      );
      this.show(out);
      return true;
    } catch (e) {
      p(`  [internal error] ${(e as Error).stack ?? String(e)}`);
      return false;
    }
  }

  private show(out: Outcome): void {
    const p = this.opts.print;
    let link: [string, string] | null = null;
    if (out.newThread) {
      const home = out.newThread.home ?? this.channel;
      const id = `${this.channel}/thread-${++this.threads}`;
      this.router.threadCreated?.(home, id);
      link = [`<#${home}>`, `<#${id}>`];
      p(`  [thread created] "${out.newThread.name}" — the game moved to #${id}; you are now in it.`);
    }
    // The reply is answered where the command was typed (the parent channel); then the table moves into the thread.
    for (const r of out.replies) {
      if (r.content.startsWith('❌')) this.refused = true;
      const content = r.embed ? `${r.content}\n${cardText(r.embed)}` : r.content;
      p(
        `  [${r.ephemeral ? `private to ${this.user}` : 'public reply'}] ` +
          `${this.text(link ? content.split(link[0]).join(link[1]) : content)}`,
      );
      this.extras(r.files, r.buttons, r.selects);
    }
    if (link) this.channel = link[1].slice(2, -1);
    if (out.follow) p(`  [follow] ${this.user} follows #${out.follow.channelId}`);
    // The table delivers from the outbox, like the bot: whatever is owed (this
    // outcome's posts, and anything an earlier run left) is printed once, in order.
    const outbox = this.router.outbox;
    if (!outbox) return out.posts.forEach((post) => this.printPost(post));
    if (!out.queued && out.posts.length) outbox.enqueue(out.posts, { hold: false });
    // Tournament matches' threads open with their first post, as the bot's outbox worker does.
    for (const lane of new Set(outbox.pending().map((r) => r.lane))) {
      const t = this.router.pendingThread?.(lane);
      if (!t) continue;
      const id = `${t.parent}/${t.slug}`;
      this.router.threadCreated?.(lane, id);
      p(`  [thread created] "${t.name}" — #${id} (/goto #${id})`);
    }
    // A hub is printed as it stands: once per flush (a thread's opening queues it again).
    const hubs = new Set<number>();
    for (const row of outbox.pending()) {
      if (row.post.hub !== undefined && hubs.has(row.post.hub)) {
        outbox.sent(row.id);
        continue;
      }
      if (row.post.hub !== undefined) hubs.add(row.post.hub);
      // A marker left by an interrupted run: its posts were never stored.
      if (row.post.kind === 'owed')
        p(
          `  [post #${row.lane}] (an earlier run stopped before posting game #${row.gameId}` +
            `'s last moves: /game status and /game map show where it stands)`,
        );
      else this.printPost(row.post);
      outbox.sent(row.id);
    }
  }

  private printPost(post: Post): void {
    const p = this.opts.print;
    // The table already printed the private reply it copies (Discord keeps it in the seat's thread).
    if (post.echo) return;
    if (post.card !== undefined) return this.printCard(post);
    if (post.hub !== undefined) return this.printHub(post.hub);
    const content = post.embed ? `${post.content}\n${cardText(post.embed)}` : post.content;
    p(post.to ? `  [to ${post.to.names.join(', ')}] ${this.text(content)}` : `  [post #${post.channelId}] ${this.text(content)}`);
    this.extras(post.files, post.buttons, post.selects);
  }

  /** A game's card, when it changed since it was last printed (Discord edits it in place). */
  private printCard(post: Post): void {
    const card = this.router.card?.(post.card!);
    const embed = card?.post.embed;
    if (embed) {
      const text = cardText(embed);
      if (this.cards.get(post.card!) !== text) {
        this.cards.set(post.card!, text);
        this.opts.print(`  [card] ${this.text(text)}`);
      }
    }
    if (post.archive) this.opts.print(`  [archived] #${post.channelId}`);
  }

  /** A tournament's hub, when it changed since it was last printed (Discord edits it in place). */
  private printHub(tid: number): void {
    const hub = this.router.hub?.(tid);
    const embed = hub?.post.embed;
    if (!embed) return;
    const text = cardText(embed);
    if (this.hubs.get(tid) === text) return;
    this.hubs.set(tid, text);
    this.opts.print(`  [hub] ${this.text(text)}`);
    this.extras(undefined, hub.post.buttons, hub.post.selects);
  }

  private extras(files?: { name: string; data: Buffer }[], buttons: Button[] = [], selects: SelectMenu[] = []): void {
    const p = this.opts.print;
    if (files?.length) {
      const gameId = this.svc.store.latestGame(this.channel)?.id ?? null;
      for (const f of files) {
        const file = path.join(this.opts.outDir, imageName(gameId, ++this.files, nameForImage(f.name, f.data)));
        fs.writeFileSync(file, f.data);
        p(`    📎 ${file}`);
      }
      pruneImages(this.opts.outDir, gameId, this.opts.keepImages ?? this.svc.config.keepImages);
    }
    if (!buttons.length && !selects.length) return;
    // A dropdown's choices are numbered on from the buttons: /press N picks one as in Discord.
    this.lastButtons = [...buttons, ...selects.flatMap((m) => m.options.map((o) => ({ customId: o.value, label: o.label })))];
    let n = 0;
    if (buttons.length) p(`    buttons: ${buttons.map((b) => `[${++n}] ${b.label}`).join('  ')}  (press with /press N)`);
    for (const m of selects)
      p(
        `    menu "${m.placeholder}": ` +
          `${m.options.map((o) => `[${++n}] ${o.label}${o.description ? ` (${o.description})` : ''}`).join('  ')}  (choose with /press N)`,
      );
  }

  /** Discord markup → terminal text. */
  private text(s: string): string {
    return s
      .replace(/<@!?([\w.-]+)>/g, (_m, id) => `@${id}`)
      .replace(/<#([\w/.-]+)>/g, (_m, id) => `#${id}`)
      .replace(/<t:(\d+):\w>/g, (_m, t) => new Date(Number(t) * 1000).toISOString())
      .replace(/\n/g, '\n    ');
  }
}
