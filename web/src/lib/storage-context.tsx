import { createContext, type ReactNode, useContext } from 'react';
import type { ClientStorage } from './storage';

const StorageContext = createContext<ClientStorage | null>(null);

export const StorageProvider = ({ storage, children }: { storage: ClientStorage; children: ReactNode }) => (
  <StorageContext value={storage}>{children}</StorageContext>
);

export const useClientStorage = (): ClientStorage => {
  const storage = useContext(StorageContext);
  if (!storage) throw new Error('useClientStorage needs a StorageProvider');
  return storage;
};
