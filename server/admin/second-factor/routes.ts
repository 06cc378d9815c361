/**
 * The second factor's page and APIs (a time-based code from an authenticator app): the code
 * asked after GitHub sign-in, enrolment from a QR code, the recovery codes shown
 * once, and removal. The challenge, enrolment and verification also serve a
 * session that still owes its code (the guard lets only those through).
 */
import { createElement } from 'react';
import { Hono } from 'hono';
import { z } from 'zod';
import { safeNextPath } from '../../../lib/admin-paths.ts';
import { SECOND_FACTOR_API } from '../../../lib/admin/second-factor.ts';
import { OWN_PASSKEY_API, type SecondFactorPageView } from './view.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { writeSessionCookie } from '../../auth/session.ts';
import { replaceSession } from '../../auth/store.ts';
import { passkeysOf } from '../../auth/passkeys.ts';
import { officeTime } from '../core/format.ts';
import {
  checkSecondFactor,
  factorOf,
  FAILURE_WINDOW_MINUTES,
  qrSvg,
  recoveryCodesLeft,
  removeFactor,
  secondFactorRequired,
  startEnrolment,
  totpUri,
  verifyEnrolment,
  type CodeCheck,
} from '../../auth/second-factor.ts';
import { screenPage, type AdminPageDeps } from '../core/pages.ts';
import {
  Refusal,
  savedOf,
  workbenchEndpoint,
  type AdminContext,
  type AdminTopic,
  type PageWithState,
} from '../core/workbench.ts';
import { ownPasskeysPart, passkeySecondFactorPart } from './passkeys.ts';
import SecondFactorPanel from './SecondFactorPanel.tsx';

const code = z.string().trim().min(1, 'Type the code.').max(20, 'That is longer than any code.');
const next = z.string().max(2048).optional();

/**
 * A refused code, in words, with the field it belongs to. While the authenticator is
 * being set up there are no recovery codes yet, so the words do not offer one.
 */
function refusal(check: Extract<CodeCheck, { ok: false }>, enrolling = false): Refusal {
  if (check.reason === 'too-many') {
    return new Refusal(`Too many wrong codes. Wait ${FAILURE_WINDOW_MINUTES} minutes, then try again.`, {}, 429);
  }
  if (check.reason === 'no-factor') return new Refusal('There is no authenticator set up to check this code against.', {}, 409);
  return new Refusal('That code is not right. Check the app and type the code it shows now.', {
    code: `That code is not right: type the 6 digits the app shows now${enrolling ? '' : ', or a recovery code'}.`,
  });
}

async function enrolmentView(secret: string, issuer: string, login: string): Promise<SecondFactorPageView['enrolment']> {
  const uri = totpUri(secret, issuer, login);
  return { qrSvg: await qrSvg(uri), secret: secret.replace(/(.{4})/g, '$1 ').trim(), uri };
}

type PageExtra = { form?: SecondFactorPageView['form']; saved?: string; recoveryCodes?: string[] };

/** GET /admin/second-factor, the same page after a refused code, or with the recovery codes shown once. */
async function secondFactorPage(
  { built, db }: AdminPageDeps,
  c: AdminContext,
  extra: PageExtra,
  status: Parameters<PageWithState>[2] = 200,
): Promise<Response> {
  const user = c.get('admin').session.user;
  const [factor, required, left, passkeys] = await Promise.all([
    factorOf(db, user.id),
    secondFactorRequired(db),
    recoveryCodesLeft(db, user.id),
    passkeysOf(db, [user.id]),
  ]);
  const issuer = built.site.facts.name;
  const view: SecondFactorPageView = {
    step: extra.recoveryCodes ? null : c.get('admin').secondFactor,
    status: factor?.status ?? 'none',
    required,
    enrolment: factor?.status === 'unverified' ? await enrolmentView(factor.secret, issuer, user.login) : null,
    siteName: issuer,
    recoveryCodes: extra.recoveryCodes ?? null,
    recoveryLeft: left,
    passkeys: passkeys.map((p) => ({
      deviceName: p.deviceName,
      created: officeTime(built, p.createdAt)!,
      lastUsed: officeTime(built, p.lastUsedAt) ?? 'Not used yet',
    })),
    passkeyApi: OWN_PASSKEY_API,
    next: safeNextPath(c.req.query('next') ?? extra.form?.values.next),
    form: extra.form,
    saved: extra.saved,
  };
  return screenPage(c, built, 'admin-second-factor', createElement(SecondFactorPanel, view), {
    form: extra.form,
    status,
    refused: 'Not accepted: ',
  });
}

/** What each group of the screen's routes is given. */
interface Screen {
  api: Hono<{ Variables: AdminVariables }>;
  deps: AdminPageDeps;
  page: (c: AdminContext, extra: PageExtra, status?: Parameters<PageWithState>[2]) => Promise<Response>;
  /** The session passed its second factor: it goes on under a new token, and the cookie sent before the code stops working. */
  passed: (c: AdminContext) => Promise<void>;
  /** Where the admin goes once the code is given: the page asked for, else the dashboard. */
  onward: (c: AdminContext, requested?: string) => string;
}

/** The code a signed-in session still owes. */
function challengeRoute({ api, deps: { db }, page, passed, onward }: Screen): void {
  workbenchEndpoint(api, {
    path: SECOND_FACTOR_API.challenge,
    schema: z.object({ code, next }),
    form: () => 'challenge',
    page,
    redirect: (c, body) => onward(c, body.next),
    save: async (c, body) => {
      const auth = c.get('admin');
      if (auth.secondFactor !== 'challenge') throw new Refusal('This sign-in has already given its code.', {}, 409);
      const check = await checkSecondFactor(db, auth.session.user.id, body.code);
      if (!check.ok) throw refusal(check);
      await passed(c);
      return { redirect: onward(c, body.next), recoveryCodesLeft: check.recoveryCodesLeft ?? null };
    },
  });
}

/** Setting up an authenticator app (start, verify with its first code) and removing it with a code. */
function enrolmentRoutes({ api, deps: { built, db }, page, passed, onward }: Screen): void {
  const userOf = (c: AdminContext) => c.get('admin').session.user;
  workbenchEndpoint(api, {
    path: SECOND_FACTOR_API.enrol,
    schema: z.object({ next }),
    form: () => 'enrol',
    page,
    redirect: (c, body) =>
      `${built.site.pages['admin-second-factor']}${safeNextPath(body.next) ? `?next=${encodeURIComponent(safeNextPath(body.next)!)}` : ''}`,
    save: async (c) => {
      const user = userOf(c);
      const started = await startEnrolment(db, user.id);
      if (!started.ok) throw new Refusal('An authenticator app is already set up: remove it first to set up another.', {}, 409);
      return { secret: started.secret, uri: totpUri(started.secret, built.site.facts.name, user.login) };
    },
  });

  workbenchEndpoint(api, {
    path: SECOND_FACTOR_API.verify,
    schema: z.object({ code, next }),
    form: () => 'verify',
    page,
    redirect: (c, body) => onward(c, body.next),
    // The recovery codes are shown once, on the page that answers this post.
    respond: (c, _body, result) => page(c, { recoveryCodes: result.recoveryCodes as string[] }),
    save: async (c, body) => {
      const auth = c.get('admin');
      const check = await verifyEnrolment(db, auth.session.user.id, body.code);
      if (!check.ok) throw refusal(check, true);
      // The code just proved the phone: this session has passed the second factor.
      await passed(c);
      return { recoveryCodes: check.recoveryCodes, redirect: onward(c, body.next) };
    },
  });

  workbenchEndpoint(api, {
    path: SECOND_FACTOR_API.remove,
    schema: z.object({ code }),
    form: () => 'remove',
    page,
    redirect: () => `${built.site.pages['admin-second-factor']}?saved=remove`,
    save: async (c, body) => {
      const user = userOf(c);
      const check = await checkSecondFactor(db, user.id, body.code);
      if (!check.ok) throw refusal(check);
      await removeFactor(db, user.id);
      return { removed: true };
    },
  });
}

export function secondFactorAdmin(deps: AdminPageDeps): AdminTopic {
  const { built, db } = deps;
  const screen: Screen = {
    api: new Hono<{ Variables: AdminVariables }>(),
    deps,
    page: (c, extra, status) => secondFactorPage(deps, c, extra, status),
    passed: async (c) => {
      const session = await replaceSession(db, c.get('admin').session.tokenHash, { secondFactor: true });
      if (!session) throw new Refusal('Your session ended meanwhile: sign in again.', {}, 409);
      writeSessionCookie(c, deps.env, session);
    },
    onward: (c, requested) => {
      const target = safeNextPath(requested ?? c.req.query('next'));
      return target && target.split('?')[0] !== built.site.pages['admin-second-factor'] ? target : built.site.pages['admin-home'];
    },
  };
  challengeRoute(screen);
  enrolmentRoutes(screen);
  ownPasskeysPart(screen.api, deps);
  passkeySecondFactorPart(screen.api, deps, screen.passed, screen.onward);
  return { api: screen.api, pages: { 'admin-second-factor': (c) => screen.page(c, savedOf(c)) } };
}
