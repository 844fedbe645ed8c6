import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_VIEW_PARAM } from '../../admin-views';
import { findAdminTool, type AdminView } from './admin-tools';

/** The admin console view the URL asks for, and a way to open one: set it, then bring the slot into view. */
export function useAdminConsoleView() {
  const [params, setParams] = useSearchParams();
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Counts the clicks, so that the same button clicked again scrolls again.
  const [openings, setOpenings] = useState(0);
  const requested = findAdminTool(params.get(ADMIN_VIEW_PARAM));

  const open = useCallback(
    (view: AdminView) => {
      // replace: switching tools should not fill the back button's history.
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(ADMIN_VIEW_PARAM, view);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
      setOpenings((count) => count + 1);
    },
    [setParams],
  );

  // After the render that shows the requested view (the router commits the URL in a transition
  // of its own, hence `requested` too), so the scroll measures the panel at its final height.
  useEffect(() => {
    if (openings === 0) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // 'nearest': the least scroll that shows the whole panel, keeping the cards above in sight.
    panelRef.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'nearest' });
    // Keyboard and screen-reader users land where the page scrolled to.
    headingRef.current?.focus({ preventScroll: true });
  }, [openings, requested]);

  return { requested, open, panelRef, headingRef };
}
