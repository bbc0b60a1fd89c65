import React, {useState} from 'react';
import {Button, NativeModules, Text, View} from 'react-native';

const {RunRecorderModule} = NativeModules;

export default function RunScreen() {
  const [running, setRunning] = useState(false);
  return (
    <View style={{padding: 24}}>
      <Text style={{fontSize: 32}}>{running ? 'Recording…' : 'Ready'}</Text>
      <Button
        title={running ? 'Stop' : 'Start run'}
        onPress={() => {
          running ? RunRecorderModule.stop() : RunRecorderModule.start();
          setRunning(!running);
        }}
      />
    </View>
  );
}
