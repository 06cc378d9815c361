import { useEffect, useRef, useState } from 'react';

const ANNOUNCE_DELAY_MS = 600;

/**
 * An estimator's result box and its spoken status. A refused input keeps the
 * box at the height of the figure it replaced, so nothing below moves; the
 * status is read out only once typing pauses, not on every keystroke.
 */
export function useEstimatorStatus() {
  const [status, setStatus] = useState('');
  /** The height of the figure a refused input replaced. */
  const [reserved, setReserved] = useState<number | undefined>(undefined);
  const resultRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const say = (text: string | undefined, announce: boolean) => {
    clearTimeout(timer.current);
    if (announce && text !== undefined) timer.current = setTimeout(() => setStatus(text), ANNOUNCE_DELAY_MS);
  };

  return {
    status,
    resultRef,
    reserved,
    /** An input is wrong: the figure goes, its box keeps its height. */
    refuse(message: string | undefined, announce: boolean) {
      setReserved((height) => height ?? resultRef.current?.getBoundingClientRect().height);
      say(message, announce);
    },
    /** A new figure: the box takes its own height again. */
    show(message: string, announce: boolean) {
      setReserved(undefined);
      say(message, announce);
    },
  };
}
