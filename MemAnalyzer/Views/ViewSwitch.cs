using McMaster.Extensions.CommandLineUtils;

namespace MemAnalyzer.Views;

/// <summary>One switch a view declares: its template as the help shows it ("-handles|--handles"), its help text and whether it takes a value.</summary>
public sealed record ViewSwitch(string Template, string Help, CommandOptionType Kind)
{
    /// <summary>The short form, as the error lines name it: "-handles".</summary>
    public string Name => Template.Split('|')[0];

    public static ViewSwitch Flag(string template, string help) => new(template, help, CommandOptionType.NoValue);

    public static ViewSwitch Single(string template, string help) => new(template, help, CommandOptionType.SingleValue);
}
