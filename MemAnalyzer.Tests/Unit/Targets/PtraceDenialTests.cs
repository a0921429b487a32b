using MemAnalyzer.Targets;

namespace MemAnalyzer.Tests.Unit.Targets;

/// <summary>The ptrace-denied reason names what is missing for each Yama scope, and never tells root to run as root.</summary>
public sealed class PtraceDenialTests
{
    [Theory]
    [InlineData("1", 0u, false, "a process may attach only to its own descendants (kernel.yama.ptrace_scope = 1), and MemAnalyzer runs as root without CAP_SYS_PTRACE: give MemAnalyzer CAP_SYS_PTRACE")]
    [InlineData("1", 1000u, false, "(kernel.yama.ptrace_scope = 1), and MemAnalyzer runs as uid 1000 without CAP_SYS_PTRACE: give MemAnalyzer CAP_SYS_PTRACE")]
    [InlineData("2", 0u, false, "only a process with CAP_SYS_PTRACE may attach (kernel.yama.ptrace_scope = 2), and MemAnalyzer runs as root without CAP_SYS_PTRACE")]
    [InlineData("3", 0u, true, "ptrace is disabled until the next boot (kernel.yama.ptrace_scope = 3): read the process through its runtime with -attach dump")]
    [InlineData("1", 0u, true, "the kernel refused although MemAnalyzer runs as root and holds CAP_SYS_PTRACE: a security module")]
    [InlineData(null, 0u, false, "permission denied: MemAnalyzer runs as root without CAP_SYS_PTRACE (kernel.yama.ptrace_scope = absent): give MemAnalyzer CAP_SYS_PTRACE")]
    [InlineData("0", 1000u, false, "permission denied: the process runs as uid 0 and MemAnalyzer runs as uid 1000 without CAP_SYS_PTRACE: run MemAnalyzer as that user")]
    public void TheReasonNamesTheMissingCapabilityOrScope(string? scope, uint self, bool capable, string expected)
    {
        var reason = LiveProcessChecks.PtraceDenial(scope, self, capable, owner: 0);
        Assert.Contains(expected, reason, StringComparison.Ordinal);
        if (self == 0)
        {
            Assert.DoesNotContain("as root (", reason, StringComparison.Ordinal);
            Assert.DoesNotContain("or as root", reason, StringComparison.Ordinal);
        }
    }
}
