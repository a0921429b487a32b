using MemAnalyzer.TestTargets;
using MemAnalyzer.TestTargets.WebLeaks;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;

// A real ASP.NET Core app on loopback. stdin: "url" prints "URL <address>", "exit" ends it.
var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.WebHost.UseUrls("http://127.0.0.1:0");
builder.Services.AddSingleton<PriceBoard>();
builder.Services.AddScoped<QuoteWatcher>();
var app = builder.Build();
app.MapGet(ExpectedCounts.WebWatchPath, (QuoteWatcher watcher) => watcher.Id.ToString(System.Globalization.CultureInfo.InvariantCulture));
await app.StartAsync();
var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
Console.WriteLine($"{ExpectedCounts.ReadyLine} {Environment.ProcessId}");
string? line;
while ((line = Console.ReadLine()) is not null)
{
    switch (line.Trim())
    {
        case ExpectedCounts.WebUrlCommand:
            Console.WriteLine($"{ExpectedCounts.WebUrlAck} {address}");
            break;
        case "exit":
            await app.StopAsync();
            return;
    }
}
