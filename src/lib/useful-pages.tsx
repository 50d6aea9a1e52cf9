import { createContext, useContext } from 'react';

/** A page the signed-in user may open, with its title. */
export interface UsefulPage {
  path: string;
  title: string;
}

/**
 * The pages the shell offers as the user's most-used (most opened on this device, else the first
 * of their navigation): built pages they may open, the User Overview left out. The shell provides
 * them; features read them without knowing the route table.
 */
export const UsefulPagesContext = createContext<readonly UsefulPage[]>([]);

export function useUsefulPages(): readonly UsefulPage[] {
  return useContext(UsefulPagesContext);
}
