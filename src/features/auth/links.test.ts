import { describe, expect, it } from 'vitest';
import { readInvitation } from './links';

describe('reading an invitation link', () => {
  it('takes the username and the encoded temporary password', () => {
    expect(readInvitation('https://app.example/auth?username=Invited%40Demo.Health&temp_pass=Ab3%26x%23Q!9z')).toEqual({
      username: 'invited@demo.health',
      temporaryPassword: 'Ab3&x#Q!9z',
    });
  });

  it('keeps a raw password whole to the end of the address, & and # included', () => {
    expect(readInvitation('https://app.example/auth?username=nurse&temp_pass=a&b=c#d!1')).toEqual({
      username: 'nurse',
      temporaryPassword: 'a&b=c#d!1',
    });
    expect(readInvitation('https://app.example/auth?username=nurse&temp_pass=50%off!A1')).toEqual({
      username: 'nurse',
      temporaryPassword: '50%off!A1',
    });
  });

  it('is not an invitation without temp_pass, and an invalid one with a part missing', () => {
    expect(readInvitation('https://app.example/auth')).toBeNull();
    expect(readInvitation('https://app.example/auth?verification_code=1&email=a%40b.c')).toBeNull();
    expect(readInvitation('https://app.example/auth?temp_pass=Ab3!xyz9')).toBe('invalid');
    expect(readInvitation('https://app.example/auth?username=nurse&temp_pass=')).toBe('invalid');
  });
});
