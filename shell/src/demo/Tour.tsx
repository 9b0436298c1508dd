import { Button, useFocusTrap } from '@kith/web-kit';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useDemo } from './DemoProvider.js';
import { TOUR_STEPS } from './tour-steps.js';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const PADDING = 6;

/** The first target (or its `-mobile` twin) that is visible on screen right now. */
function findTarget(ids: string[]): HTMLElement | null {
  for (const id of ids.flatMap((target) => [target, `${target}-mobile`])) {
    const element = document.querySelector<HTMLElement>(`[data-tour="${id}"]`);
    if (element && element.getClientRects().length > 0 && element.offsetWidth > 0) return element;
  }
  return null;
}

/** Follows the target while the page lays out (remotes arrive late, the user scrolls). */
function useTargetBox(ids: string[], active: boolean): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  const key = ids.join(',');
  useEffect(() => {
    if (!active) return;
    let scrolledTo: HTMLElement | null = null;
    const measure = () => {
      const element = findTarget(key ? key.split(',') : []);
      if (!element) return setBox(null);
      if (element !== scrolledTo) {
        element.scrollIntoView({ block: 'center', behavior: 'smooth' });
        scrolledTo = element;
      }
      const rect = element.getBoundingClientRect();
      setBox((previous) =>
        previous &&
        previous.top === rect.top &&
        previous.left === rect.left &&
        previous.width === rect.width &&
        previous.height === rect.height
          ? previous
          : { top: rect.top, left: rect.left, width: rect.width, height: rect.height },
      );
    };
    measure();
    const timer = setInterval(measure, 200);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [key, active]);
  return active ? box : null;
}

/** Width of the blue ring drawn around the target. */
const RING = 3;

/** The highlight around the target, kept inside the screen so no part of its ring is cut off. */
function highlightBox(box: Box): Box {
  const left = Math.max(RING, box.left - PADDING);
  const top = Math.max(RING, box.top - PADDING);
  const right = Math.min(window.innerWidth - RING, box.left + box.width + PADDING);
  const bottom = Math.min(window.innerHeight - RING, box.top + box.height + PADDING);
  return { top, left, width: right - left, height: bottom - top };
}

const CARD_HEIGHT = 250;
const MARGIN = 16;

/**
 * Card position: below the target if it fits, else above it, else pinned to the bottom of the
 * screen (tall targets); centred when the step has no target.
 */
function cardStyle(box: Box | null): CSSProperties {
  const width = Math.min(360, window.innerWidth - MARGIN * 2);
  if (!box) return { width, top: '50%', left: '50%', transform: 'translate(-50%, -50%)' };
  const left = Math.min(Math.max(MARGIN, box.left + box.width / 2 - width / 2), window.innerWidth - width - MARGIN);
  const below = box.top + box.height + PADDING + 12;
  if (below + CARD_HEIGHT + MARGIN <= window.innerHeight) return { width, top: below, left };
  const above = box.top - PADDING - 12;
  if (above - CARD_HEIGHT - MARGIN >= 0) return { width, left, bottom: window.innerHeight - above };
  return { width, left, bottom: MARGIN };
}

export function Tour() {
  const { tour, nextStep, previousStep, finishTour, skipTour } = useDemo();
  const step = TOUR_STEPS[tour.step];
  const box = useTargetBox(step?.targets ?? [], tour.active);
  const card = useRef<HTMLDivElement>(null);
  // Keyboard users stay in the tour while it is open, starting on Next.
  useFocusTrap(card, tour.active, () => card.current?.querySelector<HTMLElement>('[data-tour-primary]'));

  useEffect(() => {
    if (!tour.active) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && skipTour();
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [tour.active, skipTour]);

  if (!tour.active || !step) return null;
  const isFirst = tour.step === 0;
  const isLast = tour.step === tour.total - 1;
  const progress = ((tour.step + 1) / tour.total) * 100;

  return (
    <div
      className="fixed inset-0 z-[60]"
      role="dialog"
      aria-modal="true"
      aria-labelledby="tour-title"
      data-testid="tour"
    >
      {box ? (
        <div
          className="pointer-events-none absolute rounded-xl transition-all duration-300"
          style={{
            ...highlightBox(box),
            // A blue ring around the target, and everything else dimmed.
            boxShadow: `0 0 0 ${RING}px var(--color-blue-400), 0 0 0 9999px rgb(15 23 42 / 0.55)`,
          }}
          data-testid="tour-highlight"
        />
      ) : (
        <div className="absolute inset-0 bg-slate-900/55" />
      )}
      <div
        ref={card}
        tabIndex={-1}
        className="absolute rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-900/10 outline-none transition-all duration-300"
        style={cardStyle(box)}
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-blue-600 uppercase">
              Step {tour.step + 1} of {tour.total}
            </p>
            <h2 id="tour-title" className="mt-1 text-lg font-semibold text-slate-900">
              {step.title}
            </h2>
          </div>
          <button
            type="button"
            onClick={skipTour}
            className="-m-1 rounded p-1 text-slate-500 hover:text-slate-600"
            aria-label="Close tour"
          >
            <X className="size-5" />
          </button>
        </div>
        <p className="mt-2 text-sm leading-6 text-slate-600">{step.content}</p>
        <div
          className="mt-4 h-1.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-valuemin={1}
          aria-valuemax={tour.total}
          aria-valuenow={tour.step + 1}
          aria-label="Tour progress"
        >
          <div
            className="h-full rounded-full bg-blue-600 transition-all duration-300"
            style={{ width: `${progress}%` }}
          />
        </div>
        <div className="mt-4 flex items-center justify-between gap-2">
          <button type="button" onClick={skipTour} className="text-sm font-medium text-slate-600 hover:text-slate-800">
            Skip Tour
          </button>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={previousStep} disabled={isFirst}>
              Previous
            </Button>
            {isLast ? (
              <Button size="sm" onClick={finishTour} data-tour-primary>
                Finish
              </Button>
            ) : (
              <Button size="sm" onClick={nextStep} data-tour-primary>
                Next
              </Button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
