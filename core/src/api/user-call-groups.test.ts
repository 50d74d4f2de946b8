import { describe, expect, it } from 'vitest';
import { USER_CALLS } from './user-calls';
import { isUserCall, USER_CALL_GROUP_NAMES, USER_CALL_GROUPS } from './user-call-groups';
import { RESPONSES as account } from './user-responses/account';
import { RESPONSES as analyst } from './user-responses/analyst';
import { RESPONSES as notifications } from './user-responses/notifications';
import { RESPONSES as pots } from './user-responses/pots';
import { RESPONSES as puntersHub } from './user-responses/punters-hub';
import { RESPONSES as saferPlay } from './user-responses/safer-play';
import { RESPONSES as session } from './user-responses/session';
import { RESPONSES as subscription } from './user-responses/subscription';
import { RESPONSES as wallet } from './user-responses/wallet';

const GROUP_MODULES = {
  session,
  wallet,
  account,
  pots,
  'punters-hub': puntersHub,
  analyst,
  notifications,
  subscription,
  'safer-play': saferPlay,
} as const;

describe("the groups of a punter's calls", () => {
  it("each holds exactly the answers of the calls the table gives it, and together they are USER_CALLS' answers", () => {
    expect(Object.keys(GROUP_MODULES).sort()).toEqual([...USER_CALL_GROUP_NAMES].sort());
    for (const group of USER_CALL_GROUP_NAMES) {
      const listed = Object.entries(USER_CALL_GROUPS)
        .filter(([, g]) => g === group)
        .map(([name]) => name);
      expect(Object.keys(GROUP_MODULES[group]).sort(), group).toEqual(listed.sort());
    }
    const grouped = Object.values(GROUP_MODULES).flatMap((answers) => Object.entries(answers));
    expect(grouped.map(([name]) => name).sort()).toEqual(Object.keys(USER_CALLS).sort());
    for (const [name, schema] of grouped) expect(USER_CALLS[name as keyof typeof USER_CALLS].response, name).toBe(schema);
  });

  it("tells a punter's call from anything else, inherited names included", () => {
    expect(isUserCall('nairaWallet')).toBe(true);
    expect(isUserCall('allUsers')).toBe(false);
    expect(isUserCall('toString')).toBe(false);
    expect(isUserCall('__proto__')).toBe(false);
  });
});
