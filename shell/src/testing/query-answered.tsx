// A positive signal for tests that check something did NOT happen once the server has answered: calls
// onAnswer in the commit that renders a query's first answer (data or error). Every observer of the query
// is notified in one batch and re-renders in that same commit, so a screen's absence checked after it is
// checked against the answer, not before it arrived. Renders nothing.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

interface QueryAnsweredProps {
  /** The query options the screen uses (this observer never fetches). */
  query: { queryKey: QueryKey };
  onAnswer(): void;
}

export function QueryAnswered({ query, onAnswer }: QueryAnsweredProps) {
  const { isFetched } = useQuery({ ...query, enabled: false });
  useEffect(() => {
    if (isFetched) onAnswer();
  }, [isFetched, onAnswer]);
  return null;
}
