import type { Collaborator } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

export const BASE = `/api/accounts/${ME}:${ME}/collaborators`;
export const LIST = `GET ${BASE}`;
export const ADD = `POST ${BASE}`;
export const rowPath = (method: string, id: string) => `${method} ${BASE}/${id}`;

export function collaborator(n: number, overrides: Partial<Collaborator> = {}): Collaborator {
  return {
    id: `01930000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    user_id: `01930000-0000-7000-9000-${String(n).padStart(12, '0')}`,
    name: `Persona ${n}`,
    username: `persona${n}@example.com`,
    photo: null,
    role: 'dispatcher',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
