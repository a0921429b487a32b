namespace MemAnalyzer.TestTargets.LeakyApp;

public sealed class Customer
{
    public string City { get; init; } = "";
}

/// <summary>Known duplicate strings: separate instances built at run time, so no literal interning merges them.</summary>
public static class StringsScenario
{
    private static readonly List<Customer> s_customers = new();
    private static string[]? s_names;
    private static readonly List<string> s_more = new();
    private static string[]? s_odd;

    public static void Plant()
    {
        var names = new List<string>();
        for (var value = 0; value < ExpectedCounts.DuplicateValues; value++)
        {
            var original = ExpectedCounts.DuplicateValue(value);
            for (var copy = 0; copy < ExpectedCounts.CopiesPerValue; copy++)
            {
                var text = Copy(original);
                if (value < ExpectedCounts.CityValues)
                {
                    s_customers.Add(new Customer { City = text });
                }
                else
                {
                    names.Add(text);
                }
            }
        }
        s_names = [.. names];
        var odd = new List<string>();
        odd.AddRange(Enumerable.Range(0, ExpectedCounts.LoneSurrogateCopies).Select(_ => Copy(ExpectedCounts.LoneSurrogateValue)));
        odd.AddRange(Enumerable.Range(0, ExpectedCounts.ControlCopies).Select(_ => Copy(ExpectedCounts.ControlValue)));
        odd.AddRange(Enumerable.Range(0, ExpectedCounts.HugeCopies).Select(_ => new string('h', ExpectedCounts.HugeLength)));
        s_odd = [.. odd];
    }

    public static void PlantGarbage()
    {
        for (var i = 0; i < ExpectedCounts.GarbageCopies; i++)
        {
            _ = Copy(ExpectedCounts.GarbageValue);
        }
    }

    public static void AddCopies()
    {
        var original = ExpectedCounts.DuplicateValue(0);
        for (var i = 0; i < ExpectedCounts.MoreCopies; i++)
        {
            s_more.Add(Copy(original));
        }
        // The original is garbage now; collect it so that exactly the added copies remain.
        original = null;
        GC.Collect();
    }

    private static string Copy(string value) => new(value.AsSpan());
}
