using System.Runtime.InteropServices;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Cli;

using var cancellation = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) =>
{
    // Let the walk stop at its next check, so that a suspended process is detached (resumed) on the thread that attached it.
    e.Cancel = true;
    cancellation.Cancel();
};
using var terminate = PosixSignalRegistration.Create(PosixSignal.SIGTERM, context =>
{
    context.Cancel = true;
    cancellation.Cancel();
});
// The isolated analysis child ends with the MemAnalyzer that started it (after the handler above is in place).
ParentDeath.Follow(cancellation);
return CommandRunner.Run(args, PhysicalConsole.Singleton, cancellation.Token);
