import type { Conversation, ConversationProfile, Message } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

/** The inbox's test data: the signed-in user (`ME` of the account fixtures), a peer and one conversation with them. */
export const PEER = '01930000-0000-7000-8000-0000000000bb';
export const CID = '01a21a00-0000-7000-8000-000000000001';
export const AT = '2026-11-26T10:00:00.000Z';

export function profileOf(id: string, name: string, over: Partial<ConversationProfile> = {}): ConversationProfile {
  return { id, name, images: [], main_type: 'business', slug: null, heartbeat: null, online: false, ...over };
}

/** A conversation of ME with PEER as ME sees it (override anything). */
export function conversationOf(over: Partial<Conversation> = {}): Conversation {
  return {
    id: CID,
    key: [ME, PEER].sort().join(':'),
    profile: profileOf(PEER, 'Daniela Demo'),
    peer_name: 'Daniela Demo',
    pending: 0,
    last_message_teaser: null,
    last_message_sender: null,
    last_message_kind: null,
    last_message_date: null,
    updated_at: AT,
    created_at: AT,
    visibility_ids: [ME, PEER],
    ...over,
  };
}

/** A text message of `owner` in conversation CID (override anything). */
export function messageOf(id: string, over: Partial<Message> = {}): Message {
  const at = over.created_at ?? AT;
  return {
    id,
    conversation_id: CID,
    owner: PEER,
    peer_name: 'Daniela Demo',
    body: id,
    kind: 'text',
    media: null,
    tags: [],
    created_at: at,
    date: at,
    ...over,
  };
}
