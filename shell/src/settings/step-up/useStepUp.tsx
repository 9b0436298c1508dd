import { ErrorCode, type StepUpResponse } from '@kith/contracts';
import { isApiError } from '@kith/web-kit';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { StepUpDialog } from './StepUpDialog.js';
import { stepUpGrant } from './step-up-grant.js';

/**
 * Runs a change that needs step-up: with the tab's grant when it has one; when the server answers
 * STEP_UP_REQUIRED, asks for the password (and code) in the dialog, then tries once more with the
 * new grant. Resolves undefined when the person cancels.
 */
export type Guarded = <T>(action: (headers: Record<string, string>) => Promise<T>) => Promise<T | undefined>;

const StepUpContext = createContext<Guarded | null>(null);

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const waiting = useRef<((grant: StepUpResponse | null) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<StepUpResponse | null>((resolve) => {
        waiting.current = resolve;
        setAsking(true);
      }),
    [],
  );
  const settle = (grant: StepUpResponse | null) => {
    setAsking(false);
    waiting.current?.(grant);
    waiting.current = null;
  };

  const guarded = useCallback<Guarded>(
    async (action) => {
      try {
        return await action(stepUpGrant.headers());
      } catch (error) {
        if (!isApiError(error) || error.code !== ErrorCode.STEP_UP_REQUIRED) throw error;
        stepUpGrant.forget();
        const grant = await ask();
        if (!grant) return undefined;
        stepUpGrant.save(grant);
        return action(stepUpGrant.headers());
      }
    },
    [ask],
  );

  const value = useMemo(() => guarded, [guarded]);
  return (
    <StepUpContext.Provider value={value}>
      {children}
      <StepUpDialog open={asking} onGranted={(grant) => settle(grant)} onCancel={() => settle(null)} />
    </StepUpContext.Provider>
  );
}

/** The guard of changes that outlast the session (see Guarded). */
export function useStepUp(): Guarded {
  const guarded = useContext(StepUpContext);
  if (!guarded) throw new Error('useStepUp needs a StepUpProvider');
  return guarded;
}
