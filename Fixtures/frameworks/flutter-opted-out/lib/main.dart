import 'package:flutter/material.dart';
import 'package:flutter/services.dart';

const _meter = MethodChannel('parkwise/meter');

void main() => runApp(const MaterialApp(title: 'Parkwise', home: MeterPage()));

class MeterPage extends StatefulWidget {
  const MeterPage({super.key});

  @override
  State<MeterPage> createState() => _MeterPageState();
}

class _MeterPageState extends State<MeterPage> {
  String _status = 'No session';

  Future<void> _start(String zone) async {
    final ok = await _meter.invokeMethod<bool>('startSession', {'zone': zone}) ?? false;
    setState(() => _status = ok ? 'Parked in $zone' : 'Could not start the session');
  }

  @override
  Widget build(BuildContext context) {
    return Scaffold(
      appBar: AppBar(title: const Text('Parkwise')),
      body: Center(child: Text(_status)),
      floatingActionButton: FloatingActionButton.extended(onPressed: () => _start('A1'), label: const Text('Park in A1')),
    );
  }
}
