import { describe, expect, it } from 'vitest';
import { addressGroup, parseTrustProxy } from './client-address.ts';

describe('adresse du client pour les limites', () => {
  it('garde une adresse IPv4 telle quelle et ramène une IPv4 vue en IPv6 à son IPv4', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(addressGroup(undefined)).toBe('inconnue');
  });

  it('regroupe une adresse IPv6 par son réseau /64', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:db8::1.2.3.4')).toBe('2001:db8:0:0::/64');
  });
});

describe('TRUST_PROXY', () => {
  it('accepte adresses et réseaux CIDR, séparés par des virgules', () => {
    expect(parseTrustProxy('')).toEqual({ entries: [], invalid: [] });
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8')).toEqual({
      entries: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'],
      invalid: [],
    });
  });

  it('rejette ce qui n’est ni une adresse ni un réseau', () => {
    expect(parseTrustProxy('127.0.0.1,localhost,10.0.0.0/33,::1/129,1.2.3.4/8/1,10.0.0.0/,300.0.0.1').invalid).toEqual([
      'localhost',
      '10.0.0.0/33',
      '::1/129',
      '1.2.3.4/8/1',
      '10.0.0.0/',
      '300.0.0.1',
    ]);
  });
});
