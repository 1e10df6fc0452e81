import { useRootData } from '../../lib/root-data';

/** The project id that every media URL names (the API serves pictures only for its own project). */
export function useMediaProject(): string {
  return useRootData().projectId;
}
