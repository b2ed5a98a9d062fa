import os from 'node:os';

/** The facts that decide whether two runs' figures are comparable at all. */
export function machineFacts(): string[] {
  const cpus = os.cpus();
  const [load] = os.loadavg();
  const busy =
    load > cpus.length / 2
      ? [`the machine is busy (load ${load.toFixed(2)} on ${cpus.length} CPUs): expect noisy figures`]
      : [];
  const models = [...new Set(cpus.map((cpu) => cpu.model.trim()))].join(', ');
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return [
    `node ${process.version} (V8 ${process.versions.v8}) on ${os.platform()} ${os.arch()} ${os.release()}`,
    `${cpus.length} CPU${cpus.length === 1 ? '' : 's'}: ${models || 'unknown'}; memory ${gib(os.totalmem())} (${gib(os.freemem())} free); load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
    ...busy,
  ];
}
