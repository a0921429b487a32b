using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>The objects the "roots" scenario plants, with how each must come out.</summary>
public static class PlantedObjects
{
    private const string Ns = ExpectedCounts.TargetNamespace;

    public sealed record Planted(string TypeName, long Count, long Size, bool Live);

    public static IReadOnlyList<Planted> All { get; } =
    [
        new($"{Ns}.DataInstance", ExpectedCounts.DataInstances, ExpectedCounts.DataInstanceSizeBefore, Live: true),
        new("System.Func<System.String>", ExpectedCounts.DataInstances, ExpectedCounts.FuncSize, Live: true),
        new($"{Ns}.DataInstance[]", 1, ExpectedCounts.DataInstanceArraySize, Live: true),
        new($"{Ns}.StaticHeld", ExpectedCounts.StaticHeld, ExpectedCounts.LeafSize, Live: true),
        new($"{Ns}.ThreadStaticHeld", ExpectedCounts.ThreadStaticHeld, ExpectedCounts.LeafSize, Live: true),
        new($"{Ns}.StrongHandleHeld", ExpectedCounts.StrongHandleHeld, ExpectedCounts.LeafSize, Live: true),
        new($"{Ns}.FinalizerQueueHeld", ExpectedCounts.FinalizerQueueHeld, ExpectedCounts.LeafSize, Live: true),
        new($"{Ns}.CwtLiveKey", ExpectedCounts.ConditionalWeakTableLiveValues, ExpectedCounts.LeafSize, Live: true),
        new($"{Ns}.CwtLiveValue", ExpectedCounts.ConditionalWeakTableLiveValues, ExpectedCounts.LeafSize, Live: true),
        new($"{Ns}.StackHeld", ExpectedCounts.StackHeld, ExpectedCounts.LeafSize, Live: true),
        new($"{Ns}.WeakHandleHeld", ExpectedCounts.WeakHandleHeld, ExpectedCounts.LeafSize, Live: false),
        new($"{Ns}.CwtDeadKey", ExpectedCounts.ConditionalWeakTableDeadValues, ExpectedCounts.LeafSize, Live: false),
        new($"{Ns}.CwtDeadValue", ExpectedCounts.ConditionalWeakTableDeadValues, ExpectedCounts.LeafSize, Live: false),
        new($"{Ns}.GarbageItem", ExpectedCounts.Garbage, ExpectedCounts.LeafSize, Live: false),
        new($"{Ns}.AwaitingFinalizationItem", ExpectedCounts.AwaitingFinalization, ExpectedCounts.LeafSize, Live: false),
    ];

    /// <summary>Asserts every planted type's row: present with exact count and bytes, or absent.</summary>
    public static void AssertRows(IReadOnlyDictionary<string, Infrastructure.TableRow> rows, ObjectSet selection)
    {
        foreach (var planted in All)
        {
            var expected = selection switch
            {
                ObjectSet.Live => planted.Live,
                ObjectSet.Dead => !planted.Live,
                _ => true,
            };
            if (expected)
            {
                Assert.True(rows.ContainsKey(planted.TypeName), $"{planted.TypeName} missing with {selection}");
                Assert.Equal((planted.Count, planted.Count * planted.Size), (rows[planted.TypeName].Count!.Value, rows[planted.TypeName].Bytes));
            }
            else
            {
                Assert.False(rows.ContainsKey(planted.TypeName), $"{planted.TypeName} must not appear with {selection}");
            }
        }
    }
}
