import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { EmailOnlyBody, PasswordChangeBody, PasswordResetBody, ProfileBody } from './account';
import { emailOnlyBodySchema, passwordChangeBodySchema, passwordResetBodySchema, profileBodySchema } from './account.schema';
import type { LoginBody, LoginResponse, RegisterBody } from './auth';
import { loginBodySchema, loginResponseSchema, registerBodySchema } from './auth.schema';
import type { AdminRoom, ChatMessage, ChatRoom, RealtimeConfig } from './chat';
import { adminRoomSchema, chatMessageSchema, chatRoomSchema, realtimeConfigSchema } from './chat.schema';
import type { User } from './user';
import { userSchema } from './user.schema';

// The type check (tsc, in npm test) compares each schema with the type x.ts declares for it.
describe('each x.schema.ts reads exactly the type its x.ts declares', () => {
  it('bodies: what the app sends is what the schema takes', () => {
    expectTypeOf<z.input<typeof loginBodySchema>>().toEqualTypeOf<LoginBody>();
    expectTypeOf<z.input<typeof registerBodySchema>>().toEqualTypeOf<RegisterBody>();
    expectTypeOf<z.input<typeof emailOnlyBodySchema>>().toEqualTypeOf<EmailOnlyBody>();
    expectTypeOf<z.input<typeof passwordResetBodySchema>>().toEqualTypeOf<PasswordResetBody>();
    expectTypeOf<z.input<typeof profileBodySchema>>().toEqualTypeOf<ProfileBody>();
    expectTypeOf<z.input<typeof passwordChangeBodySchema>>().toEqualTypeOf<PasswordChangeBody>();
  });

  it('answers: what the schema checks is what the app reads', () => {
    expectTypeOf<z.output<typeof loginResponseSchema>>().toEqualTypeOf<LoginResponse>();
    expectTypeOf<z.output<typeof userSchema>>().toEqualTypeOf<User>();
    expectTypeOf<z.output<typeof chatMessageSchema>>().toEqualTypeOf<ChatMessage>();
    expectTypeOf<z.output<typeof chatRoomSchema>>().toEqualTypeOf<ChatRoom>();
    expectTypeOf<z.output<typeof adminRoomSchema>>().toEqualTypeOf<AdminRoom>();
    expectTypeOf<z.output<typeof realtimeConfigSchema>>().toEqualTypeOf<RealtimeConfig>();
  });
});
