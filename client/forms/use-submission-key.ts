import { useEffect, useRef } from 'react';
import type { LeadFormProps } from '../../lib/form-props.ts';
import { normalizeLeadInput, type LeadKind } from '../../lib/lead-schema.ts';
import {
  newIdempotencyKey,
  pendingSend,
  rememberPendingSend,
  signatureDigest,
  silentFields,
  submissionSignature,
} from './lead-client.ts';

/**
 * The idempotency key and the silent fields a lead is sent with, so the server
 * keeps one lead however often the same values are sent: a retry after a lost
 * answer, or the same values sent from this tab before a reload, reuses the key.
 */
export function useSubmissionKey(kind: LeadKind, props: LeadFormProps) {
  const keyRef = useRef<string>('');
  const signatureRef = useRef<string | null>(null);
  // The page address and visit source sent with the key: a retry must send the very request the key was
  // first sent with, or the server refuses it as the key reused (an in-page link changes the address).
  const silentRef = useRef<Record<string, string>>({});
  const startedAtRef = useRef<number>(0);

  useEffect(() => {
    // The fill time (a too-quick send is filed as spam) runs from when the visitor could first type:
    // when the page started loading for a form sent with it, since this script loads only when the
    // form is first touched, or even when Submit is tapped; when it was drawn for a popup's form.
    startedAtRef.current = props.drawnOnOpen ? Date.now() : Math.round(performance.timeOrigin);
    const key = props.values?.idempotencyKey;
    keyRef.current = typeof key === 'string' && key ? key : newIdempotencyKey();
  }, []);

  /** The fields that make this send the same request as an earlier one with these values. */
  const sendFields = async (raw: Record<string, unknown>) => {
    const signature = submissionSignature(normalizeLeadInput(raw));
    const digest = await signatureDigest(signature);
    if (signatureRef.current !== signature) {
      const earlier = pendingSend(kind, digest);
      if (earlier) {
        keyRef.current = earlier.key;
        silentRef.current = earlier.silent;
      } else {
        if (signatureRef.current !== null) keyRef.current = newIdempotencyKey();
        silentRef.current = silentFields();
      }
    }
    signatureRef.current = signature;
    if (digest) rememberPendingSend(kind, { digest, key: keyRef.current, silent: silentRef.current });
    return { silent: silentRef.current, idempotencyKey: keyRef.current, startedAt: startedAtRef.current };
  };

  /** An answer came: only a send that got none (or the server's own failure) may have been stored unseen. */
  const settle = (answered: boolean) => {
    if (answered) rememberPendingSend(kind, null);
  };

  return { sendFields, settle };
}
