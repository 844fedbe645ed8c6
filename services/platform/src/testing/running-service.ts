/** A real service a test run uses: where it is, where it came from, and how to stop it. */
export interface RunningService {
  /** redis://host:port, host:port,host:port for Kafka, http://host:port for ClickHouse. */
  readonly url: string;
  /** `env` when taken from the environment, `local` for a process we started, `container` for testcontainers. */
  readonly source: 'env' | 'local' | 'container';
  stop(): Promise<void>;
}
