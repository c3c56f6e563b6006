/** Whether process `pid` runs on this machine: signal 0 is refused with ESRCH when there is none (EPERM: it runs as another user). */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
