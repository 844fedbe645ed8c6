/**
 * What deploy/k8s must get right, checked without a cluster: every object of the base and of the
 * rendered local overlay is valid against the Kubernetes API schemas (kubernetes-models: types and
 * formats through its validators, unknown or misspelled fields through its TypeScript interfaces),
 * and the objects agree with each other and with the code: selectors, probe paths and ports,
 * ConfigMap and Secret keys, variables the config schema knows, ingest replicas no more than the
 * topics' partitions, and the image commands compose uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Service, Namespace, ConfigMap, Secret, PersistentVolumeClaim } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema } from '../../services/platform/src/config.js';
import { containersOf, podSpecOf, readObjects, renderKustomization, type KubernetesObject } from './render.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const k8s = path.join(root, 'deploy/k8s');

/** The model of each kind the manifests use: its class (validation) and interface (field names). */
const MODELS: Record<string, { model: { new (data: never): { validate(): void } }; module: string; type: string }> = {
  'v1/Namespace': { model: Namespace, module: 'kubernetes-models/v1/Namespace', type: 'INamespace' },
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1/ConfigMap', type: 'IConfigMap' },
  'v1/Secret': { model: Secret, module: 'kubernetes-models/v1/Secret', type: 'ISecret' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1/Service', type: 'IService' },
  'v1/PersistentVolumeClaim': { model: PersistentVolumeClaim, module: 'kubernetes-models/v1/PersistentVolumeClaim', type: 'IPersistentVolumeClaim' },
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1/Deployment', type: 'IDeployment' },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    model: HorizontalPodAutoscaler,
    module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
    type: 'IHorizontalPodAutoscaler',
  },
  'policy/v1/PodDisruptionBudget': { model: PodDisruptionBudget, module: 'kubernetes-models/policy/v1/PodDisruptionBudget', type: 'IPodDisruptionBudget' },
};

function modelOf(object: KubernetesObject) {
  const entry = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!entry) throw new Error(`${object.apiVersion} ${object.kind} ${object.metadata?.name}: no model for this kind`);
  return entry;
}

/** Schema validation (types, formats, required fields); throws with the failing paths. */
function validateSchema(object: KubernetesObject): void {
  const { model } = modelOf(object);
  new model(structuredClone(object) as never).validate();
}

/**
 * Unknown fields: the JSON schemas allow any extra property, so each object is type-checked as an
 * object literal of its model's interface, where TypeScript refuses properties the interface does
 * not declare. Returns one message per problem, naming the object.
 */
function unknownFieldErrors(objects: KubernetesObject[]): string[] {
  const virtual = path.join(k8s, '__manifests__.ts');
  const imports = new Set<string>();
  const lines = objects.map((object, index) => {
    const { module, type } = modelOf(object);
    imports.add(`import type { ${type} } from '${module}';`);
    return `export const object${index}: ${type} = ${JSON.stringify(object)};`;
  });
  const source = [...imports, ...lines].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) => (file === virtual ? ts.createSourceFile(file, source, language) : getSourceFile(file, language, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === virtual || fileExists(file);
  const program = ts.createProgram([virtual], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;
    const object = objects[line - imports.size];
    const where = object ? `${object.kind}/${object.metadata.name}` : `line ${line}`;
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

const base = renderKustomization(path.join(k8s, 'base'));
const local = renderKustomization(path.join(k8s, 'overlays/local'));
const secretTemplate = readObjects(path.join(k8s, 'base/secret.template.yaml'));
/** The base as deployed: with the Secret that its template describes. */
const baseDeployed = [...base, ...secretTemplate];
const renders = { base: baseDeployed, local } as const;

function find(objects: KubernetesObject[], kind: string, name: string): KubernetesObject {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name}`);
  return found;
}

type Probe = { httpGet?: { path: string; port: string | number } };
interface ContainerSpec {
  name: string;
  image: string;
  command?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { configMapKeyRef?: { name: string; key: string }; secretKeyRef?: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
const containers = (object: KubernetesObject) => containersOf(object) as unknown as ContainerSpec[];
const workloads = (objects: KubernetesObject[]) => objects.filter((object) => object.kind === 'Deployment');
const labelsMatch = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
const templateLabels = (object: KubernetesObject) => (object.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;

describe('deploy/k8s objects are valid Kubernetes API objects', () => {
  for (const [name, objects] of Object.entries(renders)) {
    it(`${name}: every object passes its API schema`, () => {
      expect(objects.length).toBeGreaterThan(8);
      for (const object of objects) expect(() => validateSchema(object), `${object.kind}/${object.metadata.name}`).not.toThrow();
    });
  }

  // Type-checking loads the models' declarations: seconds, not milliseconds.
  it('base and local: no object has a field its API type does not declare', { timeout: 60_000 }, () => {
    expect(unknownFieldErrors([...baseDeployed, ...local])).toEqual([]);
  });

  it('a string where the API wants an integer fails the schema', () => {
    const broken = structuredClone(find(base, 'Deployment', 'ingest'));
    (broken.spec as Record<string, unknown>).replicas = 'three';
    expect(() => validateSchema(broken)).toThrow(/replicas must be integer/);
  });

  it('a misspelled field fails the field check, though the JSON schema lets it through', { timeout: 60_000 }, () => {
    const broken = structuredClone(find(base, 'Deployment', 'gateway'));
    const [container] = containers(broken) as unknown as Array<Record<string, unknown>>;
    container!.readinesProbe = container!.readinessProbe;
    delete container!.readinessProbe;
    expect(() => validateSchema(broken)).not.toThrow();
    const errors = unknownFieldErrors([broken]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Deployment\/gateway: .*readinesProbe.* does not exist in type 'IContainer'/);
  });
});

describe('deploy/k8s objects agree with each other and with the code', () => {
  for (const [name, objects] of Object.entries(renders)) {
    it(`${name}: each Deployment selects its own pods, and each Service, HPA and PDB an existing Deployment`, () => {
      for (const deployment of workloads(objects)) {
        const selector = (deployment.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
        expect(labelsMatch(selector, templateLabels(deployment)), deployment.metadata.name).toBe(true);
      }
      for (const service of objects.filter((object) => object.kind === 'Service')) {
        const spec = service.spec as { selector: Record<string, string>; ports: Array<{ targetPort: string | number }> };
        const selected = workloads(objects).filter((deployment) => labelsMatch(spec.selector, templateLabels(deployment)));
        expect(
          selected.map((deployment) => deployment.metadata.name),
          `Service/${service.metadata.name}`,
        ).toEqual([service.metadata.name]);
        const ports = containers(selected[0]!).flatMap((container) => container.ports ?? []);
        for (const { targetPort } of spec.ports) {
          expect(
            ports.some((port) => port.name === targetPort || port.containerPort === targetPort),
            `Service/${service.metadata.name} port ${targetPort}`,
          ).toBe(true);
        }
      }
      const hpa = find(objects, 'HorizontalPodAutoscaler', 'gateway').spec as {
        scaleTargetRef: { kind: string; name: string };
        metrics: Array<{ resource?: { name: string } }>;
      };
      expect(find(objects, hpa.scaleTargetRef.kind, hpa.scaleTargetRef.name).kind).toBe('Deployment');
      expect(hpa.metrics.map((metric) => metric.resource?.name)).toEqual(['cpu']);
      // Utilization is a share of the request: without a CPU request the HPA has nothing to divide by.
      expect(containers(find(objects, 'Deployment', 'gateway'))[0]?.resources?.requests?.cpu).toBeDefined();
      const pdb = find(objects, 'PodDisruptionBudget', 'gateway').spec as { selector: { matchLabels: Record<string, string> } };
      expect(labelsMatch(pdb.selector.matchLabels, templateLabels(find(objects, 'Deployment', 'gateway')))).toBe(true);
    });

    it(`${name}: every variable a container gets is one the config schema knows, from a key that exists`, () => {
      const known = new Set(Object.keys(ConfigSchema.properties));
      const configMaps = new Map(
        objects.filter((object) => object.kind === 'ConfigMap').map((object) => [object.metadata.name, (object.data ?? {}) as Record<string, string>]),
      );
      const secrets = new Map(
        objects
          .filter((object) => object.kind === 'Secret')
          .map((object) => [
            object.metadata.name,
            { ...((object.data ?? {}) as Record<string, string>), ...((object.stringData ?? {}) as Record<string, string>) },
          ]),
      );
      for (const workload of workloads(objects)) {
        for (const container of containers(workload)) {
          const names: string[] = [];
          for (const source of container.envFrom ?? []) {
            if (source.configMapRef) names.push(...Object.keys(configMaps.get(source.configMapRef.name) ?? fail(`ConfigMap ${source.configMapRef.name}`)));
            if (source.secretRef) names.push(...Object.keys(secrets.get(source.secretRef.name) ?? fail(`Secret ${source.secretRef.name}`)));
          }
          for (const variable of container.env ?? []) {
            names.push(variable.name);
            const fromMap = variable.valueFrom?.configMapKeyRef;
            if (fromMap) expect(configMaps.get(fromMap.name) ?? {}, `${workload.metadata.name} ${variable.name}`).toHaveProperty([fromMap.key]);
            const fromSecret = variable.valueFrom?.secretKeyRef;
            if (fromSecret) expect(secrets.get(fromSecret.name) ?? {}, `${workload.metadata.name} ${variable.name}`).toHaveProperty([fromSecret.key]);
          }
          expect(
            names.filter((variable) => !known.has(variable)),
            `${workload.metadata.name}: variables services/platform/src/config.ts does not read`,
          ).toEqual([]);
        }
      }
    });

    it(`${name}: gateway probes are GET /ready (readiness) and GET /health (liveness) on the port it listens on`, () => {
      const [gateway] = containers(find(objects, 'Deployment', 'gateway'));
      const listens = Number(gateway?.env?.find((variable) => variable.name === 'PORT')?.value);
      const portNumber = (port: string | number) => (typeof port === 'number' ? port : gateway?.ports?.find((entry) => entry.name === port)?.containerPort);
      expect(gateway?.readinessProbe?.httpGet?.path).toBe('/ready');
      expect(gateway?.livenessProbe?.httpGet?.path).toBe('/health');
      expect(portNumber(gateway!.readinessProbe!.httpGet!.port)).toBe(listens);
      expect(portNumber(gateway!.livenessProbe!.httpGet!.port)).toBe(listens);
      expect(listens).toBe(8080);
    });

    it(`${name}: processes run as a non-root user on a read-only root filesystem`, () => {
      for (const workload of workloads(objects)) {
        const pod = podSpecOf(workload) as { securityContext?: { runAsNonRoot?: boolean; runAsUser?: number } };
        expect(pod.securityContext?.runAsNonRoot, workload.metadata.name).toBe(true);
        expect(pod.securityContext?.runAsUser, workload.metadata.name).not.toBe(0);
        for (const container of containers(workload)) {
          expect(container.securityContext, workload.metadata.name).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
          expect(container.resources?.requests && container.resources.limits, workload.metadata.name).toBeTruthy();
        }
      }
    });

    it(`${name}: ingest has no more replicas than its topics have partitions`, () => {
      // ensureTopics creates each topic with this many partitions unless told otherwise.
      const source = fs.readFileSync(path.join(root, 'services/platform/src/events/kafka-event-log.ts'), 'utf8');
      const partitions = Number(/for \(const \{ topic, partitions = (\d+)/.exec(source)?.[1]);
      expect(partitions).toBeGreaterThan(0);
      expect((find(objects, 'Deployment', 'ingest').spec as { replicas: number }).replicas).toBeLessThanOrEqual(partitions);
    });
  }

  it('the gateway really serves GET /health and GET /ready', () => {
    const routes = fs.readFileSync(path.join(root, 'services/gateway/src/routes/health/index.ts'), 'utf8');
    expect(routes).toContain("fastify.get('/health'");
    expect(routes).toContain("'/ready'");
  });

  it('each process runs the command docker-compose.yml gives it, from the same image', () => {
    const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { command?: string[] }>;
    };
    for (const name of ['gateway', 'ingest', 'workers', 'identity']) {
      const [container] = containers(find(base, 'Deployment', name));
      expect(container?.command, name).toEqual(compose.services[name]?.command);
      expect(container?.image).toBe('ust-platform:latest');
      expect(containers(find(local, 'Deployment', name))[0]?.image).toBe('ust-platform:local');
    }
  });

  it('the local overlay: one namespace, one replica each, its own addresses', () => {
    expect(local.filter((object) => object.kind !== 'Namespace').every((object) => object.metadata.namespace === 'ust')).toBe(true);
    for (const name of ['gateway', 'ingest', 'workers', 'identity']) expect((find(local, 'Deployment', name).spec as { replicas: number }).replicas).toBe(1);
    expect(find(local, 'ConfigMap', 'ust-config').data).toMatchObject({
      CLICKHOUSE_URL: 'http://clickhouse:8123',
      KAFKA_BROKERS: 'kafka:9092',
      PUBLIC_URL: 'http://localhost:8080',
    });
    // The base is not changed by rendering the overlay.
    expect(find(base, 'ConfigMap', 'ust-config').data).toMatchObject({ PUBLIC_URL: 'https://ust.example.com' });
  });

  it('the renderer refuses a patch whose path does not exist', () => {
    const directory = fs.mkdtempSync(path.join(k8s, '.render-test-'));
    try {
      fs.writeFileSync(
        path.join(directory, 'kustomization.yaml'),
        [
          'resources: [../base]',
          'patches:',
          '  - target: {kind: Deployment, name: gateway}',
          '    patch: |-',
          '      - {op: replace, path: /spec/replica, value: 1}',
        ].join('\n'),
      );
      expect(() => renderKustomization(directory)).toThrow(/\/spec\/replica does not exist/);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

function fail(what: string): never {
  throw new Error(`${what} is referenced but not defined`);
}
