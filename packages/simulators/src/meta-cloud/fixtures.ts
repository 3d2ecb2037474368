import { readFileSync, readdirSync } from 'node:fs';

const FIXTURES = new URL('../../fixtures/meta-cloud/', import.meta.url);

/** Names of the Meta Cloud API fixtures (file names without '.json'). */
export function metaCloudFixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5))
    .sort();
}

/** A fixture of packages/simulators/fixtures/meta-cloud/, parsed (a fresh copy each call). */
export function metaCloudFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as T;
}
