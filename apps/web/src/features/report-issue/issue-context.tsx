import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** Shared state on the client: the issue details and the route to return to. */
interface IssueDraft {
  /** PNG data URL of the page as it was when the user asked to report, or null. */
  screenshot: string | null;
  previousRoute: string;
}

interface IssueState {
  draft: IssueDraft | null;
  setDraft: (draft: IssueDraft | null) => void;
}

const IssueContext = createContext<IssueState | null>(null);

export function IssueProvider({ children }: { children: ReactNode }) {
  const [draft, setDraft] = useState<IssueDraft | null>(null);
  const value = useMemo(() => ({ draft, setDraft }), [draft]);
  return <IssueContext value={value}>{children}</IssueContext>;
}

export function useIssue(): IssueState {
  const state = useContext(IssueContext);
  if (!state) throw new Error('useIssue needs an IssueProvider above it');
  return state;
}
