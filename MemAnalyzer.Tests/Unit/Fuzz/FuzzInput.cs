using System.Diagnostics;

namespace MemAnalyzer.Tests.Unit.Fuzz;

/// <summary>Deterministic random inputs within a time budget, so a failure can be replayed from its seed.</summary>
public static class FuzzInput
{
    public static readonly TimeSpan Budget = TimeSpan.FromSeconds(2);

    /// <summary>The cases every run checks, however slow the machine: the same first inputs on a loaded machine too.</summary>
    public const int MinimumIterations = 50;

    /// <summary>
    /// Runs <paramref name="check"/> on fresh inputs: the first <see cref="MinimumIterations"/> always, then more until the
    /// budget is spent; returns how many ran. (A run that counted on the budget for its minimum failed under load.)
    /// </summary>
    public static int Run(int seed, Action<Random, int> check, int maxIterations = 5000)
    {
        var random = new Random(seed);
        var clock = Stopwatch.StartNew();
        var iteration = 0;
        for (; iteration < maxIterations && (iteration < MinimumIterations || clock.Elapsed < Budget); iteration++)
        {
            check(random, iteration);
        }
        return iteration;
    }

    public static string Text(Random random, int maxLength, string alphabet = "\t\r\n ,;\"'#:=-N0123456789abcdefxyzAllocatedBytesInstances(Count)Type\\\0\uD800\uDC00é€")
    {
        var length = random.Next(maxLength + 1);
        return string.Create(length, (random, alphabet), (span, state) =>
        {
            for (var i = 0; i < span.Length; i++)
            {
                span[i] = state.alphabet[state.random.Next(state.alphabet.Length)];
            }
        });
    }

    /// <summary>The original with a few bytes flipped, cut or duplicated.</summary>
    public static byte[] Mutate(Random random, byte[] original)
    {
        var bytes = original.ToList();
        var edits = random.Next(1, 8);
        for (var e = 0; e < edits && bytes.Count > 0; e++)
        {
            var at = random.Next(bytes.Count);
            switch (random.Next(4))
            {
                case 0: bytes[at] = (byte)random.Next(256); break;
                case 1: bytes.RemoveRange(at, Math.Min(random.Next(1, 64), bytes.Count - at)); break;
                case 2: bytes.InsertRange(at, bytes.Skip(at).Take(random.Next(1, 32)).ToList()); break;
                default: bytes.RemoveRange(at, bytes.Count - at); break;
            }
        }
        return [.. bytes];
    }
}
