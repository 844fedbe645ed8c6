/**
 * The subset of kustomize that deploy/k8s uses, so the tests can render an overlay without the
 * kustomize binary: `resources` (files and directories with a kustomization.yaml), `namespace`,
 * `images` (newName / newTag), `replicas`, and `patches` as JSON 6902 operations selected by
 * kind and name. Any other kustomization field throws, so an overlay cannot silently use a
 * feature this renderer would skip.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  replicas?: Array<{ name: string; count: number }>;
  patches?: Array<{ target: { kind: string; name: string }; patch: string }>;
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'images', 'replicas', 'patches']);
/** Kinds that are not namespaced among those deploy/k8s uses. */
const CLUSTER_SCOPED = new Set(['Namespace']);

/** Every object of a YAML file (multi-document), in order. */
export function readObjects(file: string): KubernetesObject[] {
  const documents = parseAllDocuments(fs.readFileSync(file, 'utf8'));
  return documents.map((document) => {
    if (document.errors.length) throw new Error(`${file}: ${document.errors[0]?.message}`);
    return document.toJS() as KubernetesObject;
  });
}

/** The objects a kustomization directory renders to, as `kubectl kustomize <directory>` would. */
export function renderKustomization(directory: string): KubernetesObject[] {
  const kustomization = readObjects(path.join(directory, 'kustomization.yaml'))[0] as unknown as Kustomization;
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${directory}/kustomization.yaml: unsupported fields ${unsupported.join(', ')}`);

  const objects: KubernetesObject[] = [];
  for (const resource of kustomization.resources ?? []) {
    const target = path.join(directory, resource);
    objects.push(...(fs.statSync(target).isDirectory() ? renderKustomization(target) : readObjects(target)));
  }
  for (const object of objects) {
    if (kustomization.namespace && !CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
    for (const container of containersOf(object)) {
      const [name = '', tag] = container.image.split(':');
      const image = kustomization.images?.find((entry) => entry.name === name);
      if (image) container.image = `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}`;
    }
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    const found = objects.filter((object) => object.metadata.name === name && ['Deployment', 'StatefulSet'].includes(object.kind));
    if (found.length !== 1) throw new Error(`replicas: no single Deployment named ${name}`);
    (found[0]!.spec as { replicas: number }).replicas = count;
  }
  for (const { target, patch } of kustomization.patches ?? []) {
    const found = objects.filter((object) => object.kind === target.kind && object.metadata.name === target.name);
    if (found.length !== 1) throw new Error(`patch target ${target.kind}/${target.name} matches ${found.length} objects`);
    const operations = readYaml(patch) as JsonPatchOperation[];
    for (const operation of operations) applyOperation(found[0]!, operation);
  }
  return objects;
}

function readYaml(text: string): unknown {
  const [document] = parseAllDocuments(text);
  if (!document || document.errors.length) throw new Error(`bad patch: ${document?.errors[0]?.message}`);
  return document.toJS();
}

interface JsonPatchOperation {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

/** One JSON 6902 operation (add, replace, remove) at a JSON pointer. */
function applyOperation(object: KubernetesObject, { op, path: pointer, value }: JsonPatchOperation): void {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop();
  if (last === undefined) throw new Error(`patch path ${pointer} is the whole object`);
  let parent: unknown = object;
  for (const key of keys) {
    parent = (parent as Record<string, unknown>)?.[key];
    if (parent === undefined || parent === null) throw new Error(`patch path ${pointer}: ${key} does not exist`);
  }
  if (Array.isArray(parent)) {
    const index = last === '-' ? parent.length : Number(last);
    if (op === 'add') parent.splice(index, 0, value);
    else if (index >= parent.length) throw new Error(`patch path ${pointer} does not exist`);
    else if (op === 'replace') parent[index] = value;
    else parent.splice(index, 1);
    return;
  }
  const record = parent as Record<string, unknown>;
  if (op !== 'add' && !(last in record)) throw new Error(`patch path ${pointer} does not exist`);
  if (op === 'remove') delete record[last];
  else record[last] = value;
}

interface Container {
  name: string;
  image: string;
  [key: string]: unknown;
}

/** The containers (and init containers) of a workload's pod template. */
export function containersOf(object: KubernetesObject): Container[] {
  const spec = podSpecOf(object);
  return spec ? [...((spec.initContainers as Container[] | undefined) ?? []), ...((spec.containers as Container[] | undefined) ?? [])] : [];
}

/** The pod spec of a Deployment, StatefulSet, Job or CronJob; undefined for other kinds. */
export function podSpecOf(object: KubernetesObject): Record<string, unknown> | undefined {
  interface Template {
    template?: { spec?: Record<string, unknown> };
  }
  const spec = object.spec as (Template & { jobTemplate?: { spec?: Template } }) | undefined;
  if (object.kind === 'CronJob') return spec?.jobTemplate?.spec?.template?.spec;
  if (['Deployment', 'StatefulSet', 'DaemonSet', 'Job'].includes(object.kind)) return spec?.template?.spec;
  return undefined;
}
