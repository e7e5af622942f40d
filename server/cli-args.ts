import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * The command-line handling the server's CLIs share (seed, backup): strict options, no
 * positionals, `--help` / `-h` printing the usage. Answers the parsed values (typed by the
 * caller as its options declare them), or the exit code to end with: 0 after --help, 2
 * with the usage after a bad argument.
 */
export function parseCliArgs<Values>(
  options: NonNullable<ParseArgsConfig['options']>,
  usage: string,
  args: string[] = process.argv.slice(2),
): { values: Values } | { exit: number } {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return { exit: 2 };
  }
  if (values.help) {
    console.log(usage);
    return { exit: 0 };
  }
  return { values: values as Values };
}
