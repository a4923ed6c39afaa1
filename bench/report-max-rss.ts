// Loaded with `--import` into a command the import bench runs (bench/import.ts): on exit, the process's peak resident
// memory, read by the bench from stderr. The command itself is run unchanged.
process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
