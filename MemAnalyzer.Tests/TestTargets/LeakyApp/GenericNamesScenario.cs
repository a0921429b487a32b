using System.Runtime.CompilerServices;

namespace Acme
{
    /// <summary>A generic type of two arguments, as a user's code has them: its name is the one a .gcdump spells without a space.</summary>
    public sealed class Pair<TFirst, TSecond>(TFirst first, TSecond second)
    {
        public TFirst First { get; } = first;

        public TSecond Second { get; } = second;
    }

    public sealed class PairKey { public int Value; }
}

namespace Pricing
{
    /// <summary>One of two types named Quote: a short type name that ends both names is ambiguous.</summary>
    public sealed class Quote { public decimal Price; }
}

namespace Trading
{
    public sealed class Quote { public long Volume; }
}

namespace MemAnalyzer.TestTargets.LeakyApp
{
    /// <summary>
    /// The walkthrough's generic types (ExpectedCounts.GenericNames): a Dictionary and a ConditionalWeakTable of pairs,
    /// rooted by statics; and one Pricing.Quote and one Trading.Quote, for the short name "Quote" that ends both.
    /// </summary>
    public static class GenericNamesScenario
    {
        private static Dictionary<int, Acme.Pair<int, string>>? s_pairs;
        private static Acme.PairKey[]? s_keys;
        private static readonly ConditionalWeakTable<Acme.PairKey, Acme.Pair<int, string>> s_table = new();
        private static Pricing.Quote? s_pricingQuote;
        private static Trading.Quote? s_tradingQuote;

        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void Plant()
        {
            var pairs = new Dictionary<int, Acme.Pair<int, string>>(ExpectedCounts.DictionaryPairs);
            for (var i = 0; i < ExpectedCounts.DictionaryPairs; i++)
            {
                pairs.Add(i, new Acme.Pair<int, string>(i, string.Empty));
            }
            s_pairs = pairs;
            (s_pricingQuote, s_tradingQuote) = (new Pricing.Quote(), new Trading.Quote());
            s_keys = new Acme.PairKey[ExpectedCounts.TablePairs];
            for (var i = 0; i < s_keys.Length; i++)
            {
                s_keys[i] = new Acme.PairKey { Value = i };
                s_table.Add(s_keys[i], new Acme.Pair<int, string>(i, string.Empty));
            }
        }
    }
}
