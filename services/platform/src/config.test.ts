import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, requireProductionPorts, withPort } from './config.js';

describe('loadConfig', () => {
  it('defaults to the embedded platform on 127.0.0.1:8080', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    // One host name for the browser and the embedded issuer
    // (docs/decisions/0026-embedded-identity-tokens.md).
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.oidcIssuer).toBe('http://localhost:8080/idp');
    expect(config.oidcAudience).toBe('http://localhost:8080/api');
    expect(config.embeddedIdentity).toBe(true);
    expect(config.CLICKHOUSE_URL).toBeUndefined();
    expect(config.kafkaBrokers).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('converts and parses the variables it knows', () => {
    const config = loadConfig({
      PORT: '9090',
      KAFKA_BROKERS: 'kafka:9092,kafka-2:9092',
      ADMIN_EMAILS: ' Ada@Example.com, ,bob@example.com',
      PUBLIC_URL: 'https://ust.example.com/',
      UNRELATED: 'ignored',
    });
    expect(config.PORT).toBe(9090);
    expect(config.kafkaBrokers).toEqual(['kafka:9092', 'kafka-2:9092']);
    expect(config.adminEmails).toEqual(['ada@example.com', 'bob@example.com']);
    expect(config.publicUrl).toBe('https://ust.example.com');
    expect(config.oidcIssuer).toBe('https://ust.example.com/idp');
  });

  it('trusts no forwarded headers unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']);
    for (const bad of ['true', 'loopback', '10.0.0.0/33', '999.1.1.1', '10.0.0.1;rm']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('follows the port actually opened, unless the public URL was given', () => {
    const opened = withPort(loadConfig({ PORT: '0' }), 41234);
    expect(opened.PORT).toBe(41234);
    expect(opened.publicUrl).toBe('http://localhost:41234');
    expect(opened.oidcIssuer).toBe('http://localhost:41234/idp');
    expect(withPort(loadConfig({ PORT: '0', PUBLIC_URL: 'https://ust.example.com' }), 41234).oidcIssuer).toBe('https://ust.example.com/idp');
  });

  it('turns the embedded provider off when an external issuer is configured', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://tenant.eu.auth0.com/', OIDC_AUDIENCE: 'https://api.ust.example.com' });
    expect(config.embeddedIdentity).toBe(false);
    expect(config.oidcIssuer).toBe('https://tenant.eu.auth0.com/');
    expect(config.oidcAudience).toBe('https://api.ust.example.com');
  });

  it('bounds the telemetry buffer in bytes, 64 MiB unless set, and refuses less than 1 MiB naming the variable', () => {
    expect(loadConfig({}).TELEMETRY_BUFFER_BYTES).toBe(64 * 1024 * 1024);
    expect(loadConfig({ TELEMETRY_BUFFER_BYTES: '2097152' }).TELEMETRY_BUFFER_BYTES).toBe(2 * 1024 * 1024);
    expect(() => loadConfig({ TELEMETRY_BUFFER_BYTES: '65536' })).toThrow('TELEMETRY_BUFFER_BYTES: must be >= 1048576 (got 65536)');
    expect(() => loadConfig({ TELEMETRY_BUFFER_BYTES: '64MB' })).toThrow('TELEMETRY_BUFFER_BYTES: must be integer (got "64MB")');
  });

  it('stops with every bad variable named, with the value it got', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'http://cache:6379', KAFKA_BROKERS: 'kafka', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT: must be integer (got "eighty")');
    expect(message).toContain('REDIS_URL: must match pattern');
    expect(message).toContain('KAFKA_BROKERS: must match pattern');
    expect(message).toContain('LOG_LEVEL');
  });

  it('takes the map styles as http(s) URLs, tile templates included, and stops naming a bad one', () => {
    expect(loadConfig({}).MAP_STREETS_STYLE_URL).toBeUndefined();
    const config = loadConfig({
      MAP_STREETS_STYLE_URL: 'https://tiles.example.com/styles/streets/style.json?key=abc',
      MAP_SATELLITE_TILES_URL: 'https://imagery.example.com/tile/{z}/{y}/{x}',
      MAP_SATELLITE_ATTRIBUTION: '© Example Imagery',
    });
    expect(config.MAP_STREETS_STYLE_URL).toBe('https://tiles.example.com/styles/streets/style.json?key=abc');
    expect(config.MAP_SATELLITE_TILES_URL).toBe('https://imagery.example.com/tile/{z}/{y}/{x}');
    expect(config.MAP_SATELLITE_ATTRIBUTION).toBe('© Example Imagery');
    const bad: Array<[string, string]> = [
      ['MAP_STREETS_STYLE_URL', 'tiles.example.com/style.json'],
      ['MAP_SATELLITE_TILES_URL', 'ftp://imagery.example.com/{z}/{x}/{y}'],
      ['MAP_SATELLITE_TILES_URL', 'https:// spaced.example.com'],
    ];
    for (const [name, value] of bad) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(`${name}: must match pattern`);
      expect(() => loadConfig({ [name]: value })).toThrow(`(got ${JSON.stringify(value)})`);
    }
  });

  it('requires the production URLs of a process that runs on its own', () => {
    expect(() => requireProductionPorts(loadConfig({ KAFKA_BROKERS: 'k:9092' }), 'ingest', ['CLICKHOUSE_URL', 'KAFKA_BROKERS'])).toThrow(
      /CLICKHOUSE_URL: required when ingest runs as its own process/,
    );
    expect(() =>
      requireProductionPorts(loadConfig({ KAFKA_BROKERS: 'k:9092', CLICKHOUSE_URL: 'http://ch:8123' }), 'ingest', ['CLICKHOUSE_URL', 'KAFKA_BROKERS']),
    ).not.toThrow();
  });
});
