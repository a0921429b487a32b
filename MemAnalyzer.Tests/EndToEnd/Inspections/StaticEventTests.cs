using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>-inspections on the "wrappers" dump: a static event of a static class is named by its static field, as root paths name it.</summary>
[Collection(WrappersTargetCollection.Name)]
public sealed class StaticEventTests(WrappersTarget target)
{
    [Fact]
    public void AStaticEventsHandlersAreOwnedByTheStaticFieldOfItsClass()
    {
        var rows = InspectionRow.Run("-f", target.BeforePath, "-minhandlers", "20");
        var row = InspectionRow.Single(rows, "event handlers", $"static Bus.{WrappersBusEvent}");
        Assert.Equal(WrappersBusHandlers, row.Count);
        Assert.Equal($"BusListener.OnChanged ×{WrappersBusHandlers}", row.Detail);
        Assert.DoesNotContain(rows, r => r.Type.StartsWith("(no field", StringComparison.Ordinal));
    }

    [Fact]
    public void TheConsoleTableNamesTheStaticEventInItsTypeColumn()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-inspections", "-minhandlers", "20");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains(result.StandardOutput.Split('\n'), l => l.StartsWith("event handlers", StringComparison.Ordinal)
            && l.Contains($"static Bus.{WrappersBusEvent}", StringComparison.Ordinal) && l.Contains($"BusListener.OnChanged ×{WrappersBusHandlers}", StringComparison.Ordinal));
    }
}
