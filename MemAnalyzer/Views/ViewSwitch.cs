using McMaster.Extensions.CommandLineUtils;

namespace MemAnalyzer.Views;

/// <summary>One switch a view declares: its template as the help shows it ("-handles|--handles"), its help text and whether it takes a value.</summary>
public sealed record ViewSwitch(string Template, string Help, CommandOptionType Kind)
{
    /// <summary>The short form, as the error lines name it: "-handles".</summary>
    public string Name => Template.Split('|', ' ')[0];

    /// <summary>Both forms without their value: "-dominators", "--dominators".</summary>
    public IReadOnlyList<string> Names => [.. Template.Split('|').Select(form => form.Split(' ', '[')[0])];

    /// <summary>
    /// The hidden switch that a second number after the value goes to ("-dominators 5 2" becomes "-dominators:5
    /// --dominators-depth 2", as ArgumentNormalizer joins an optional value), or null.
    /// </summary>
    public string? SecondNumber { get; init; }

    /// <summary>
    /// The hidden switch that a number after the value goes to ("-objects T 3" becomes "-objects T --objects-top 3", as
    /// ArgumentNormalizer splits it off), or null.
    /// </summary>
    public string? NumberAfterValue { get; init; }

    /// <summary>Whether its value must be a whole number, checked before anything else (as the library's typed options were).</summary>
    public bool Number { get; init; }

    /// <summary>Whether the help lists it: a hidden switch (no help) carries a value the normalizer split off, such as -dominators' depth.</summary>
    public bool Shown => Help.Length > 0;

    public static ViewSwitch Flag(string template, string help) => new(template, help, CommandOptionType.NoValue);

    /// <summary>A switch whose value is optional: "-dstrings" or "-dstrings:50" (ArgumentNormalizer joins "-dstrings 50").</summary>
    public static ViewSwitch Optional(string template, string help) => new(template, help, CommandOptionType.SingleOrNoValue);

    public static ViewSwitch Single(string template, string help) => new(template, help, CommandOptionType.SingleValue);
}
