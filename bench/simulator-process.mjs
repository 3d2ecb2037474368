// A provider simulator in a process of its own (see startSimulatorProcess in simulators.mjs):
// argv = the simulators' bundle URL, the starter's name, its options as JSON. Sends the parent the
// simulator's plain fields (url, token, ids…) once listening; closes when the parent goes away.
const [bundleUrl, starter, optionsJson] = process.argv.slice(2);
const simulators = await import(bundleUrl);
const sim = await simulators[starter](JSON.parse(optionsJson));
const fields = {};
for (const key in sim) {
  const value = sim[key];
  if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
}
const stop = async () => {
  setTimeout(() => process.exit(0), 3_000).unref(); // a close that hangs does not leave the process behind
  await sim.close();
  process.exit(0);
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send(fields);
