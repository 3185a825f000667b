import { CollaboratorAccess } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { actingOwner } from './acting-owner';

describe('actingOwner (issue 16)', () => {
  const owner = 'owner-1';
  it("is the shop owner for a collaborator whose role the page needs, else the user's own", () => {
    const dispatcher = { id: 'u-1', collaborations: { [owner]: 'dispatcher' as const } };
    expect(actingOwner(dispatcher, owner, CollaboratorAccess.ordersRead)).toBe(owner);
    expect(actingOwner(dispatcher, owner, CollaboratorAccess.walletRead)).toBeUndefined();
    expect(actingOwner(dispatcher, 'someone-else', CollaboratorAccess.ordersRead)).toBeUndefined();
    expect(actingOwner({ id: owner, collaborations: {} }, owner, CollaboratorAccess.ordersRead)).toBeUndefined();
    expect(actingOwner(null, owner, CollaboratorAccess.ordersRead)).toBeUndefined();
    // no prototype keys
    expect(actingOwner({ id: 'u-2', collaborations: {} }, 'toString', CollaboratorAccess.ordersRead)).toBeUndefined();
  });
});
